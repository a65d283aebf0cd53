/** Test factories for users and sessions (integration tests, inside workerd). */
import { getConfig } from "../../app/services/config.server";
import { createSessionToken, SESSION_COOKIE } from "../../app/services/session.server";
import { hashPassword } from "../../app/services/password.server";

export type TestUser = { id: number; username: string; email: string; password: string; role: string; sessionVersion: number };

export async function insertUser(env: Env, overrides: Partial<Pick<TestUser, "username" | "email" | "password" | "role">> = {}): Promise<TestUser> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const username = overrides.username ?? `user${suffix}`;
  const email = overrides.email ?? `${username}@example.org`;
  const password = overrides.password ?? "a-good-password";
  const role = overrides.role ?? "learner";
  const row = await env.DB.prepare("INSERT INTO users (username, email, password_hash, role) VALUES (?, ?, ?, ?) RETURNING id, session_version")
    .bind(username, email, await hashPassword(password), role)
    .first<{ id: number; session_version: number }>();
  return { id: row!.id, username, email, password, role, sessionVersion: row!.session_version };
}

/** A Cookie request header that signs `user` in. */
export async function sessionCookieHeader(env: Env, user: { id: number; sessionVersion: number }) {
  return `${SESSION_COOKIE}=${await createSessionToken(getConfig(env), user)}`;
}
