/** Helpers for the accounts integration tests (not a test file itself). */
import { exports } from "cloudflare:workers";

const worker = exports.default;

/** A fresh, unique client address per test, so rate-limit counters of other tests never interfere. */
export function randomIp() {
  const b = crypto.getRandomValues(new Uint8Array(4));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function get(path: string, { cookie, ip, accept }: { cookie?: string; ip?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip ?? randomIp() };
  if (cookie) headers.Cookie = cookie;
  if (accept) headers.Accept = accept;
  return worker.fetch(new Request(`http://localhost${path}`, { headers, redirect: "manual" }));
}

/** A plain HTML form post, as a browser without JavaScript sends it (with this site's Origin; `origin: ""` omits it). */
export async function post(
  path: string,
  fields: Record<string, string>,
  { cookie, ip, origin = "http://localhost" }: { cookie?: string; ip?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": ip ?? randomIp(),
  };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  return worker.fetch(new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" }));
}

/** `name=value` of the session cookie a response sets (for the next request's Cookie header). */
export function sessionFrom(response: Response): string | null {
  const header = response.headers.get("Set-Cookie");
  const match = header && /(__Host-session=[^;]*)/.exec(header);
  return match ? match[1] : null;
}

export function uniqueName(prefix = "u") {
  return `${prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** The join form's fields for a new account of `username` (a password the checks accept). */
export const joinFields = (username: string, extra: Record<string, string> = {}) => ({
  username,
  password: "ziibiwan-nibi-2026",
  passwordRepeat: "ziibiwan-nibi-2026",
  email: `${username}@example.org`,
  niijii: "",
  ...extra,
});
