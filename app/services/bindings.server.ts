/**
 * What a service needs from the Worker, handed in explicitly: the parsed configuration (secrets included), the
 * Drizzle database, the execution context (waitUntil) and the other bindings by name. Each entry of the Worker
 * (workers/app.ts: a request, a queue batch, the cron) builds it once from its own arguments; pages get it from
 * the router context, the API as Hono's `c.env`. Services never see the raw `env`.
 */
import { createDb, type Db } from "../../db/client";
import { getConfig, type Config } from "./config.server";

export type Bindings = {
  config: Config;
  db: Db;
  ctx: ExecutionContext;
  /** R2: the recordings, admins' import files (`imports/`) and the offline dictionary's packs (`offline/`). */
  audio: R2Bucket;
  /** The queue of mail (the Word of the Day, confirmations, contact messages). */
  queue: Queue;
  /** The queue of heavy jobs: import batches, the stored page words, the offline dictionary, pending search keys. */
  jobs: Queue;
  /** The optional Workers rate limiter of log-in, sign-up and reset (the D1 counter is the floor). */
  authLimiter: RateLimit | undefined;
};

/** The bindings of one entry; `db` may be the request's D1 session (d1-session.server.ts), `config` parsed once. */
export function createBindings(env: Env, ctx: ExecutionContext, config: Config = getConfig(env), db: D1Database = env.DB): Bindings {
  return { config, db: createDb(db), ctx, audio: env.AUDIO, queue: env.EMAIL_QUEUE, jobs: env.JOBS_QUEUE, authLimiter: env.AUTH_RATE_LIMITER };
}
