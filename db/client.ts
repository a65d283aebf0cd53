import { drizzle } from "drizzle-orm/d1";

/**
 * A Drizzle database over D1, or over a D1 session (read replicas with a bookmark; app/services/d1-session.server.ts).
 * Made per request (the session is). Queries name their tables from ./schema; the schema is not handed to Drizzle,
 * which would work out its relational config (for `db.query.*`, unused here) again for every request.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}

export type Db = ReturnType<typeof createDb>;
