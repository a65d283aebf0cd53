/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto (works in workerd and Node),
 * a random 16-byte salt and 100,000 iterations — the most the Workers runtime
 * allows (a unit test guards the number). No imports, so Node scripts can use it.
 * Stored as `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`.
 */
export const PBKDF2_ITERATIONS = 100_000;
/** The Workers runtime refuses PBKDF2 above this; a test fails if PBKDF2_ITERATIONS exceeds it. */
export const PBKDF2_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time comparison of the derived hash with the stored one. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) {
    return false;
  }
  let expected: Uint8Array;
  let salt: Uint8Array;
  try {
    expected = fromBase64(hashText);
    salt = fromBase64(saltText);
  } catch {
    return false;
  }
  const actual = await derive(password, salt, iterations);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i];
  return diff === 0;
}

/** True when a stored hash uses older parameters than today's (scheme or iteration count): rehash it after a login. */
export function needsRehash(stored: string): boolean {
  const [scheme, iterationsText] = stored.split("$");
  return scheme !== "pbkdf2-sha256" || Number(iterationsText) !== PBKDF2_ITERATIONS;
}
