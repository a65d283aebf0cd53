import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A Drizzle database over D1, or over a D1 session (read replicas with a bookmark; app/services/d1-session.server.ts). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export type Db = ReturnType<typeof createDb>;
