/**
 * The site's configuration, parsed once per Worker `env` with zod from the public vars of
 * wrangler.toml [vars] (secrets stay on `env`: SESSION_SECRET, EMAIL_TOKEN_SECRET, mail keys).
 * Routes get it from the router context (`getBindings(context).config`), the API and the jobs from
 * `getConfig(env)`: one parser, one rule per value (SITE_URL above all: absolute, no trailing slash).
 */
import { z } from "zod";

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
};

/** What the pages may show of the configuration (it goes to the browser in the root loader). */
export type PublicConfig = Pick<Config, "siteName" | "ownerName" | "contactEmail">;

const LOCAL_SITE_URL = "http://localhost:8787";

const text = (fallback: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined), z.string().default(fallback));

/** An optional on/off switch (anything else counts as unset). */
const onOff = z.preprocess((v) => (v === "on" || v === "off" ? v : undefined), z.enum(["on", "off"]).optional());

const VarsSchema = z.object({
  ENVIRONMENT: z.preprocess(
    (v) => (v === "development" || v === "test" ? v : "production"),
    z.enum(["production", "development", "test"]),
  ),
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
});

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
  };
}

const VAR_NAMES = Object.keys(VarsSchema.shape) as Array<keyof typeof VarsSchema.shape>;
const parsed = new Map<string, Config>();
/** The same `env` object (the isolate's own, asked on every request) skips even the join of its values. */
const byEnv = new WeakMap<object, Config>();

/**
 * The configuration of this `env`, parsed on first use and kept for the isolate's life (keyed by the values of
 * the vars, so a per-request copy of `env`, as workers/app.ts makes for D1 sessions, is not parsed again).
 */
export function getConfig(env: Env): Config {
  const known = byEnv.get(env);
  if (known) return known;
  const vars = env as unknown as Record<string, unknown>;
  const key = VAR_NAMES.map((name) => String(vars[name] ?? "")).join("\u0000");
  let config = parsed.get(key);
  if (!config) {
    config = parseConfig(vars);
    if (parsed.size > 16) parsed.clear();
    parsed.set(key, config);
  }
  byEnv.set(env, config);
  return config;
}

/** `env`'s configuration is `config`, already parsed from the same vars (the D1 session's copy of the isolate's `env`). */
export function keepConfig(env: Env, config: Config): void {
  byEnv.set(env, config);
}

export function publicConfig(config: Config): PublicConfig {
  return { siteName: config.siteName, ownerName: config.ownerName, contactEmail: config.contactEmail };
}

/** True only for the deployed site; local workerd runs pass ENVIRONMENT=development. */
export function isProduction(env: Env) {
  return getConfig(env).isProduction;
}
