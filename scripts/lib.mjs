// Helpers shared by the npm scripts: run tools from node_modules/.bin (Node 22 first on PATH).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
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
  return capture ? { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr } : (result.status ?? 1);
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
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
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
 * Serves the existing build (`npm run build` first) as it ships: the built Worker (`build/server`) and its static
 * assets (`build/client`), with the bindings of its generated wrangler config (`build/server/wrangler.json`), in one
 * workerd run by Miniflare directly, the Miniflare that `wrangler` itself runs (its own dependency, so the same
 * workerd as `wrangler dev`). Unlike `wrangler dev` there is no proxy Worker in front of it: a request goes from the
 * socket to workerd's asset router, which sends the static files to the asset Worker and everything else to the
 * site's Worker, as on Cloudflare. Local state (D1, R2, queues) is kept under `state` with its own seeded database.
 * `dir` is the checkout whose build is served (default this one); `vars` override the config's `[vars]` (and
 * `.dev.vars`, read as `wrangler dev` reads it). Wrangler's local trace collector is not attached (it is not on
 * Cloudflare). Returns { url, stop, pid }: `stop()` resolves once workerd has exited; `pid` is workerd's.
 * Used by the benchmarks and Lighthouse; `npm start` and the browser tests run `wrangler dev`.
 */
export async function startBuiltSite({ port, state, vars = { ENVIRONMENT: "test" }, fresh = true, inspectorPort = null, dir = root }) {
  if (fresh) {
    rmSync(path.join(root, state), { recursive: true, force: true });
    must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { capture: true });
    must("node", ["scripts/seed.ts", "--persist-to", state], { capture: true });
  }
  const wranglerRequire = createRequire(createRequire(path.join(root, "package.json")).resolve("wrangler/package.json"));
  const { unstable_getMiniflareWorkerOptions } = wranglerRequire("wrangler");
  const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = wranglerRequire("miniflare");
  const config = unstable_getMiniflareWorkerOptions(path.join(dir, "build", "server", "wrangler.json"), undefined, { overrides: { enableContainers: false } });
  const { modulesRules: _rules, ...workerOptions } = config.workerOptions;
  // The bundle's modules, main first: Miniflare is given the list (as wrangler gives it), not rules to find them by.
  const serverDir = path.join(dir, "build", "server");
  const others = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js") && path.join(serverDir, file) !== config.main)
    .sort();
  const modules = [config.main, ...others.map((file) => path.join(serverDir, file))].map((file) => ({ type: "ESModule", path: file }));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      ...(inspectorPort ? { inspectorPort } : {}),
      log: new Log(LogLevel.ERROR),
      logRequests: false,
      resourcePersistencePath: path.join(root, state, "v3"),
      workers: [
        {
          ...workerOptions,
          name: "site",
          rootPath: serverDir,
          modules,
          bindings: { ...workerOptions.bindings, ...vars },
        },
      ],
    }),
  );
  const url = (await mf.ready).origin;
  let stopping = null;
  // `scheduled(cron)`: the Worker's cron handler, as the cron trigger calls it.
  const scheduled = async (cron) => (await mf.getWorker("site")).scheduled({ cron });
  return { url, pid: workerdPid(port), scheduled, stop: () => (stopping ??= mf.dispose()) };
}

/** The id of the workerd process listening on 127.0.0.1:`port` (Linux; null elsewhere). */
function workerdPid(port) {
  try {
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (cmd.includes("workerd") && cmd.includes(`127.0.0.1:${port}`)) return Number(pid);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return null;
}

/** CPU seconds (user + system) a process has used so far (Linux `/proc`; 0 elsewhere or once it is gone). */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}
