/**
 * Access to the editor API (workers/api/guard.ts), built on the one session check
 * (getSessionUser / hasRole in session.server.ts). Identity comes only from the session cookie.
 * The pages declare their role with `requireRole` middleware (app/middleware/guard.server.ts).
 */
import type { Db } from "../../db/client";
import type { Config } from "./config.server";
import { getSessionUser, hasRole, type Role, type SessionUser } from "./session.server";

export type EditorAccess = { status: "anonymous" } | { status: "forbidden"; user: SessionUser } | { status: "ok"; user: SessionUser };

export async function getEditorAccess(request: Request, config: Config, db: Db, role: Role = "editor"): Promise<EditorAccess> {
  const user = await getSessionUser(request, config, db);
  if (!user) return { status: "anonymous" };
  if (!hasRole(user, role)) return { status: "forbidden", user };
  return { status: "ok", user };
}
