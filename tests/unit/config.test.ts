/**
 * The configuration is parsed once per entry of the Worker and handed down (issue 41): secrets and mail settings
 * are part of it, with development keys only outside production, and no service but the ones that build the
 * bindings reads the raw `env`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { getConfig, parseConfig } from "../../app/services/config.server";

const services = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../app/services");

describe("parseConfig", () => {
  test("production: secrets as given, nothing made up", () => {
    const config = parseConfig({ ENVIRONMENT: "production", SITE_URL: "https://example.org" });
    expect(config.sessionSecret).toBe("");
    expect(config.emailTokenSecret).toBe("");
    const secret = "s".repeat(40);
    const withSecret = parseConfig({ ENVIRONMENT: "production", SITE_URL: "https://example.org", SESSION_SECRET: secret });
    // The email links fall back to the session secret when they have none of their own.
    expect([withSecret.sessionSecret, withSecret.emailTokenSecret]).toEqual([secret, secret]);
  });

  test("local runs get development keys when no secret is set", () => {
    const config = parseConfig({ ENVIRONMENT: "development" });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.emailTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.sessionSecret).not.toBe(config.emailTokenSecret);
  });

  test("mail settings: the transport and its SMTP options", () => {
    const config = parseConfig({ ENVIRONMENT: "test", MAIL_TRANSPORT: "smtp", SMTP_HOST: "mail.local", SMTP_PORT: "1026", SMTP_STARTTLS: "true" });
    expect(config.mail.transport).toBe("smtp");
    expect(config.mail.smtp).toMatchObject({ host: "mail.local", port: 1026, startTls: true, secure: false, user: "" });
    expect(parseConfig({ ENVIRONMENT: "test", MAIL_TRANSPORT: "record" }).mail.transport).toBe("record");
    // Anything unknown is SMTP, as the transport chooser always did.
    expect(parseConfig({ ENVIRONMENT: "test", MAIL_TRANSPORT: "carrier-pigeon" }).mail.transport).toBe("smtp");
  });
});

describe("services receive the parsed configuration", () => {
  test("only the entry's builders read `env`", () => {
    const builders = new Set(["bindings.server.ts", "config.server.ts", "d1-session.server.ts"]);
    const readers = readdirSync(services)
      .filter((name) => name.endsWith(".ts") && !builders.has(name))
      .filter((name) => /\benv\s*:\s*(Env|Pick<Env)|\benv\.[A-Z_]+/.test(readFileSync(path.join(services, name), "utf8")));
    expect(readers).toEqual([]);
  });

  test("an env object is parsed once; a changed copy is parsed anew", () => {
    const env = { ENVIRONMENT: "production", SITE_URL: "https://example.org", PAGE_CACHE: "off" } as unknown as Env;
    const config = getConfig(env);
    expect(getConfig(env)).toBe(config);
    const copy = { ...env, PAGE_CACHE: "on" } as unknown as Env;
    expect(getConfig(copy).pageCache).toBe(true);
    expect(getConfig(env).pageCache).toBe(false);
  });
});
