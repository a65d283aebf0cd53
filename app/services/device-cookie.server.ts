/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): after a successful log-in the
 * browser gets `__Host-device`, an HS256 token (jose, the session secret) that names the account (its id and a
 * digest of its per-account device key, users.device_key) and a random device id. A later log-in to that account
 * that presents it is counted in the device's own budget and is not blocked by other clients' failures for the
 * account; so is the signed-in owner's password check on /niin. A password reset gives the account a new key and a
 * deleted account's key goes with it, so an old cookie never counts for a later owner of the name. It proves only
 * that this browser once knew the password; it never signs anyone in. Sign-up sets it too, and on /niin the owner's
 * session is a known device of its own (`sessionDevice`), so strangers never spend the owner's allowance there.
 * @see docs/decisions/036-account-limits-after-the-penetration-test.md
 * @see docs/decisions/020a-outside-test-findings-5-9-and-the-third-test.md
 */
import { jwtVerify, SignJWT } from "jose";
import { getSessionKey, readCookie, SESSION_COOKIE, SESSION_ISSUER } from "./session.server";
import type { Config } from "./config.server";

export const DEVICE_COOKIE = "__Host-device";
/** Not the session's audience, so neither token is accepted as the other. */
export const DEVICE_AUDIENCE = "nishnaabemwin-device";
/** One year. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The account a device cookie is bound to: its id and its current device key (null: none yet, nothing binds). */
export type DeviceAccount = { id: number; deviceKey: string | null };

/** What the cookie carries of the key: a digest, so the cookie never holds the key itself. */
async function keyDigest(deviceKey: string) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`device-key:${deviceKey}`)));
  return base64url(hash.slice(0, 16));
}

/** The device id of a valid device cookie for `account`, or null (absent, forged, expired, another account's or an old key's). */
export async function trustedDevice(config: Config, request: Request, account: DeviceAccount): Promise<string | null> {
  const token = readCookie(request, DEVICE_COOKIE);
  if (!token || !account.deviceKey) return null;
  try {
    const { payload } = await jwtVerify(token, getSessionKey(config), {
      issuer: SESSION_ISSUER,
      audience: DEVICE_AUDIENCE,
      algorithms: ["HS256"],
    });
    const device = payload.did;
    if (payload.sub !== String(account.id) || payload.kd !== (await keyDigest(account.deviceKey))) return null;
    if (typeof device !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(device)) return null;
    return device;
  } catch {
    return null;
  }
}

/**
 * The device a signed-in request's session stands for, for the owner's password checks on /niin (whose callers
 * have already verified the session): a digest of the session token, so each log-in or sign-up is a device with its
 * own budget. A stranger's failed log-ins never touch it, and a borrowed session is still limited to its own guesses.
 */
export async function sessionDevice(request: Request): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`session-device:${token}`)));
  return `session-${base64url(hash.slice(0, 18))}`;
}

/** The Set-Cookie value binding this browser to the account (keeps `device` when it already had one). */
export async function deviceCookie(config: Config, account: { id: number; deviceKey: string }, device: string | null) {
  const did = device ?? randomDeviceId();
  const token = await new SignJWT({ did, kd: await keyDigest(account.deviceKey) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(account.id))
    .setIssuer(SESSION_ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_MAX_AGE_SECONDS}s`)
    .sign(getSessionKey(config));
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${DEVICE_MAX_AGE_SECONDS}`;
}

function randomDeviceId() {
  return base64url(crypto.getRandomValues(new Uint8Array(18)));
}

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
