/**
 * Access to the editor tool and /admin (issue #8), built on the one session check
 * (getSessionUser / hasRole in session.server.ts). Identity comes only from the session cookie.
 */
import type { Db } from "../../db/client";
import { getSessionUser, hasRole, type Role, type SessionUser } from "./session.server";

export type EditorAccess =
  | { status: "anonymous" }
  | { status: "forbidden"; user: SessionUser }
  | { status: "ok"; user: SessionUser };

export async function getEditorAccess(request: Request, env: Env, db: Db, role: Role = "editor"): Promise<EditorAccess> {
  const user = await getSessionUser(request, env, db);
  if (!user) return { status: "anonymous" };
  if (!hasRole(user, role)) return { status: "forbidden", user };
  return { status: "ok", user };
}

/** For editor page loaders and actions: the user, or a thrown 401 / 403 (rendered by the editor layout). */
export async function requireEditorPage(request: Request, env: Env, db: Db, role: Role = "editor"): Promise<SessionUser> {
  const access = await getEditorAccess(request, env, db, role);
  if (access.status === "anonymous") throw new Response("Please log in.", { status: 401 });
  if (access.status === "forbidden") throw new Response("You do not have permission to do that.", { status: 403 });
  return access.user;
}
