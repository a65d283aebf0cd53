/** Secrets (never in wrangler.toml; `wrangler secret put NAME`) and test-only bindings. */
interface SecretsAndTestBindings {
  /** "on" | "off": overrides whether public pages come from the Workers Cache API (default: on unless ENVIRONMENT=test). */
  PAGE_CACHE?: string;
  /** "on" | "off": overrides whether public pages' D1 reads are kept per isolate (default: on unless ENVIRONMENT=test). */
  DATA_CACHE?: string;
  /** HS256 key for session JWTs, at least 32 characters. Local runs fall back to a dev key. */
  SESSION_SECRET?: string;
  /** SMTP transport options (MAIL_TRANSPORT=smtp). */
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMTP_SECURE?: string;
  SMTP_STARTTLS?: string;
  /** Resend API key (MAIL_TRANSPORT=resend). */
  RESEND_API_KEY?: string;
  /** HMAC key for the unsubscribe links in Word of the Day emails (falls back to SESSION_SECRET). */
  EMAIL_TOKEN_SECRET?: string;
  /** Optional Workers rate-limit binding for log-in/sign-up/forgot (the D1 counter is the floor). */
  AUTH_RATE_LIMITER?: RateLimit;
  /** Set by vitest.config.ts for the workers test project. */
  TEST_MIGRATIONS?: import("cloudflare:test").D1Migration[];
}
interface Env extends SecretsAndTestBindings {}
declare namespace Cloudflare {
  interface Env extends SecretsAndTestBindings {}
}
