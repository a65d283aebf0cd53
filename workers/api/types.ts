export type ApiEnv = { Bindings: Env };
