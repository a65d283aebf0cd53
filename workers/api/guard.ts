/**
 * The API's twin of the pages' middleware (app/middleware/guard.server.ts), with the same checks from
 * app/services/request-guard.server.ts:
 * - `apiGuard` runs before every /api call: a state-changing call whose Origin names another site is
 *   refused (403 FORBIDDEN), so no other site can call the API with the visitor's cookies;
 * - `requireRoleApi(role)` is declared on the sub-apps that need a role (editor, upload): 401 UNAUTHORIZED
 *   without a session, 403 FORBIDDEN without the role; it sets `c.var.user` and `c.var.db`.
 */
import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/client";
import { getEditorAccess } from "../../app/services/editor.server";
import { isSameOrigin } from "../../app/services/request-guard.server";
import type { Role, SessionUser } from "../../app/services/session.server";
import { apiError } from "./errors";
import type { ApiEnv } from "./types";

const FAILED = { success: false };

export const apiGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!isSameOrigin(c.req.raw)) return apiError(c, "FORBIDDEN", { message: "Forbidden.", fields: FAILED });
  await next();
};

export type RoleEnv = ApiEnv & { Variables: { user: SessionUser; db: Db } };

export function requireRoleApi(role: Role): MiddlewareHandler<RoleEnv> {
  return async (c, next) => {
    const db = c.env.db;
    const access = await getEditorAccess(c.req.raw, c.env.config, db, role);
    if (access.status === "anonymous") return apiError(c, "UNAUTHORIZED", { fields: FAILED });
    if (access.status === "forbidden") return apiError(c, "FORBIDDEN", { fields: FAILED });
    c.set("user", access.user);
    c.set("db", db);
    await next();
  };
}
