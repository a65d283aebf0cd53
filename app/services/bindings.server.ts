/**
 * What a service needs from the Worker, handed in explicitly: the raw `env` (bindings and secrets),
 * the execution context (waitUntil), the Drizzle database and the parsed configuration.
 * workers/app.ts builds it per request; the Hono API and the jobs build it from their own arguments.
 */
import { createDb, type Db } from "../../db/client";
import { getConfig, type Config } from "./config.server";

export type Bindings = { env: Env; ctx: ExecutionContext; db: Db; config: Config };

export function createBindings(env: Env, ctx: ExecutionContext): Bindings {
  return { env, ctx, db: createDb(env.DB), config: getConfig(env) };
}
