/**
 * The site's configuration, parsed with zod from the Worker's `env`: the vars of wrangler.toml [vars] and the
 * secrets (SESSION_SECRET, EMAIL_TOKEN_SECRET, mail keys). Each entry of the Worker (a request, a queue batch,
 * the cron) parses it once and hands it down in its `Bindings` (bindings.server.ts): services receive the parsed
 * `Config`, never `env`. One parser, one rule per value (SITE_URL above all: absolute, no trailing slash).
 * Secrets never leave the server: the root loader sends `publicConfig` only.
 */
import { z } from "zod";
import { BoundedCache } from "./bounded-cache.server";

export type Environment = "production" | "development" | "test";

export type Config = {
  environment: Environment;
  /** True only for the deployed site; local workerd runs pass ENVIRONMENT=development or test. */
  isProduction: boolean;
  siteName: string;
  /** Absolute origin the site is served from, without a trailing slash (links in emails). */
  siteUrl: string;
  ownerName: string;
  contactEmail: string;
  mailFrom: string;
  donate: { copper: string; silver: string; gold: string };
  /** Anonymous public pages from the Workers Cache API (ADR 015): on unless ENVIRONMENT=test; PAGE_CACHE=on|off overrides. */
  pageCache: boolean;
  /**
   * What public pages read from D1 for anonymous visitors, kept per isolate under the content version
   * (services/public-data.server.ts, ADR 015): on unless ENVIRONMENT=test; DATA_CACHE=on|off overrides.
   */
  dataCache: boolean;
  /** HS256 key of session and device cookies; "" when unset in production (refused where it is used). */
  sessionSecret: string;
  /** HMAC key of the email links (unsubscribe, confirm, click): EMAIL_TOKEN_SECRET, else the session secret. */
  emailTokenSecret: string;
  mail: MailConfig;
};

/** How mail is sent (app/services/mail.server.ts): MAIL_TRANSPORT and its options. */
export type MailConfig = {
  transport: "smtp" | "resend" | "record";
  smtp: { host: string; port: number; secure: boolean; startTls: boolean; user: string; password: string };
  resendApiKey: string;
};

/** What the pages may show of the configuration (it goes to the browser in the root loader). */
export type PublicConfig = Pick<Config, "siteName" | "ownerName" | "contactEmail">;

const LOCAL_SITE_URL = "http://localhost:8787";

const text = (fallback: string) => z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined), z.string().default(fallback));

/** An optional on/off switch (anything else counts as unset). */
const onOff = z.preprocess((v) => (v === "on" || v === "off" ? v : undefined), z.enum(["on", "off"]).optional());

const VarsSchema = z.object({
  ENVIRONMENT: z.preprocess((v) => (v === "development" || v === "test" ? v : "production"), z.enum(["production", "development", "test"])),
  SITE_NAME: text("Nishnaabemwin"),
  SITE_URL: text(""),
  OWNER_NAME: text("the site's keeper"),
  CONTACT_EMAIL: text(""),
  MAIL_FROM: text(""),
  DONATE_COPPER_URL: text(""),
  DONATE_SILVER_URL: text(""),
  DONATE_GOLD_URL: text(""),
  PAGE_CACHE: onOff,
  DATA_CACHE: onOff,
  SESSION_SECRET: text(""),
  EMAIL_TOKEN_SECRET: text(""),
  MAIL_TRANSPORT: z.preprocess((v) => (v === "resend" || v === "record" ? v : "smtp"), z.enum(["smtp", "resend", "record"])),
  SMTP_HOST: text("localhost"),
  SMTP_PORT: z.preprocess((v) => (typeof v === "string" && /^\d{1,5}$/.test(v.trim()) ? Number(v) : 25), z.number().int()),
  SMTP_SECURE: text(""),
  SMTP_STARTTLS: text(""),
  SMTP_USER: text(""),
  SMTP_PASSWORD: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
  RESEND_API_KEY: text(""),
});

/** Local runs only (not production) without secrets: fixed development keys, so `npm start` works as cloned. */
const LOCAL_SESSION_SECRET = "local-development-only-secret-never-used-in-production";
const LOCAL_EMAIL_TOKEN_SECRET = "local-development-only-email-token-secret";

/** SITE_URL: an absolute http(s) URL; outside production an empty value means the local server. */
function siteUrlOf(raw: string, environment: Environment): string {
  if (raw === "" && environment !== "production") return LOCAL_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as https://example.org (got "${raw}").`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("SITE_URL must be an http(s) URL.");
  return (url.origin + url.pathname).replace(/\/+$/, "");
}

export function parseConfig(env: Partial<Record<keyof z.input<typeof VarsSchema>, unknown>>): Config {
  const vars = VarsSchema.parse(env);
  const local = vars.ENVIRONMENT !== "production";
  return {
    environment: vars.ENVIRONMENT,
    isProduction: vars.ENVIRONMENT === "production",
    siteName: vars.SITE_NAME,
    siteUrl: siteUrlOf(vars.SITE_URL, vars.ENVIRONMENT),
    ownerName: vars.OWNER_NAME,
    contactEmail: vars.CONTACT_EMAIL,
    mailFrom: vars.MAIL_FROM,
    donate: { copper: vars.DONATE_COPPER_URL, silver: vars.DONATE_SILVER_URL, gold: vars.DONATE_GOLD_URL },
    pageCache: vars.PAGE_CACHE ? vars.PAGE_CACHE === "on" : vars.ENVIRONMENT !== "test",
    dataCache: vars.DATA_CACHE ? vars.DATA_CACHE === "on" : vars.ENVIRONMENT !== "test",
    sessionSecret: vars.SESSION_SECRET || (local ? LOCAL_SESSION_SECRET : ""),
    emailTokenSecret: vars.EMAIL_TOKEN_SECRET || vars.SESSION_SECRET || (local ? LOCAL_EMAIL_TOKEN_SECRET : ""),
    mail: {
      transport: vars.MAIL_TRANSPORT,
      smtp: {
        host: vars.SMTP_HOST,
        port: vars.SMTP_PORT,
        secure: vars.SMTP_SECURE === "true",
        startTls: vars.SMTP_STARTTLS === "true",
        user: vars.SMTP_USER,
        password: vars.SMTP_PASSWORD,
      },
      resendApiKey: vars.RESEND_API_KEY,
    },
  };
}

/**
 * The configuration of a Worker's `env`: called once by each entry (workers/app.ts), then handed down. An isolate's
 * `env` is one object for all its requests, so it is parsed once per object (a test's changed copy is parsed anew).
 */
export function getConfig(env: Env): Config {
  return configs.getOrSet(env, () => parseConfig(env as unknown as Record<string, unknown>));
}
const configs = new BoundedCache<Env, Config>("the configuration parsed, by the Worker's env object", { entries: 4 });

export function publicConfig(config: Config): PublicConfig {
  return { siteName: config.siteName, ownerName: config.ownerName, contactEmail: config.contactEmail };
}
