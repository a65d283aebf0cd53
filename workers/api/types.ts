import type { Bindings } from "../../app/services/bindings.server";

/** The API's `c.env` is the request's bindings (workers/app.ts builds them once per request). */
export type ApiEnv = { Bindings: Bindings };
