// Helpers shared by the npm scripts: run tools from node_modules/.bin (Node 22 first on PATH).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "node_modules", ".bin");

export const toolEnv = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Runs a tool to completion; returns its exit code (stdio inherited unless `capture`). */
export function run(cmd, args, { capture = false, env = {} } = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    env: { ...toolEnv, ...env },
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  return capture ? { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr } : result.status ?? 1;
}

/** Like run, but exits the process when the tool fails. */
export function must(cmd, args, options) {
  const code = run(cmd, args, options);
  const status = typeof code === "number" ? code : code.code;
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${status}).`);
    if (typeof code !== "number") console.error(code.stdout, code.stderr);
    process.exit(status);
  }
  return code;
}

/** Starts a long-running tool in its own process group so the whole tree can be stopped. */
export function start(cmd, args, { env = {}, stdio = "inherit" } = {}) {
  return spawn(cmd, args, { cwd: root, env: { ...toolEnv, ...env }, stdio, detached: true });
}

export function stop(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}

/**
 * Local runs read `.dev.vars` (gitignored): ENVIRONMENT=development and a random
 * SESSION_SECRET generated once per checkout. Production sets real secrets.
 */
export async function ensureDevVars() {
  const { existsSync, readFileSync, writeFileSync } = await import("node:fs");
  const { randomBytes } = await import("node:crypto");
  const file = path.join(root, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  let next = current;
  if (!/^ENVIRONMENT=/m.test(next)) next += "ENVIRONMENT=development\n";
  if (!/^SESSION_SECRET=/m.test(next)) next += `SESSION_SECRET=${randomBytes(32).toString("base64url")}\n`;
  if (next !== current) writeFileSync(file, next, { mode: 0o600 });
}

/** Resolves true when something accepts TCP connections on host:port. */
export async function isListening(port, host = "127.0.0.1") {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => { socket.destroy(); resolve(false); });
  });
}

export async function waitFor(check, { timeoutMs = 30000, intervalMs = 250 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}

/**
 * Serves the existing build in workerd on `port` with its own seeded local state (for Lighthouse and
 * benches). Returns { url, stop }. Run `npm run build` first.
 */
export async function startBuiltSite({ port, state, vars = { ENVIRONMENT: "test" }, fresh = true, env = {}, inspectorPort = null }) {
  const { rmSync } = await import("node:fs");
  if (fresh) {
    rmSync(path.join(root, state), { recursive: true, force: true });
    must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { capture: true });
    must("node", ["scripts/seed.ts", "--persist-to", state], { capture: true });
  }
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const child = start(
    "wrangler",
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state, ...varArgs, "--log-level", "error", ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : [])],
    { stdio: "ignore", env },
  );
  const url = `http://127.0.0.1:${port}`;
  const ready = await waitFor(async () => {
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  }, { timeoutMs: 60000 });
  if (!ready) {
    stop(child);
    throw new Error(`The built site did not start on ${url}.`);
  }
  return { url, stop: () => stop(child) };
}
