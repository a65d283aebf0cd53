/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): after a successful log-in the
 * browser gets `__Host-device`, an HS256 token (jose, the session secret) that names the username and a random
 * device id. A later log-in for that username that presents it is counted in the device's own budget and is not
 * blocked by other clients' failures for the account. It proves only that this browser once knew the password;
 * it never signs anyone in.
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 */
import { jwtVerify, SignJWT } from "jose";
import { getSessionKey, readCookie, SESSION_ISSUER } from "./session.server";

export const DEVICE_COOKIE = "__Host-device";
/** Not the session's audience, so neither token is accepted as the other. */
export const DEVICE_AUDIENCE = "nishnaabemwin-device";
/** One year. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The device id of a valid device cookie for `username`, or null (absent, forged, expired or another user's). */
export async function trustedDevice(env: Env, request: Request, username: string): Promise<string | null> {
  const token = readCookie(request, DEVICE_COOKIE);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, getSessionKey(env), {
      issuer: SESSION_ISSUER,
      audience: DEVICE_AUDIENCE,
      algorithms: ["HS256"],
    });
    const device = payload.did;
    if (payload.sub !== username || typeof device !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(device)) return null;
    return device;
  } catch {
    return null;
  }
}

/** The Set-Cookie value binding this browser to `username` (keeps `device` when it already had one). */
export async function deviceCookie(env: Env, username: string, device: string | null) {
  const did = device ?? randomDeviceId();
  const token = await new SignJWT({ did })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(username)
    .setIssuer(SESSION_ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_MAX_AGE_SECONDS}s`)
    .sign(getSessionKey(env));
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${DEVICE_MAX_AGE_SECONDS}`;
}

function randomDeviceId() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
