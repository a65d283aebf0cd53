// Runs before each integration test file, inside workerd. applyD1Migrations is
// idempotent: it only applies migrations the database has not seen.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
