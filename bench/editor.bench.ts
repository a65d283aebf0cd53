/**
 * Editor ranks at scale (issue #8 §9): 100,000 forms and 20,000 lexemes in a local D1, the built Worker in
 * workerd (wrangler dev), signed in as the demo editor. Prints p50/p95 of the rank page and the filter,
 * through the JSON API and the SSR page. Target: p95 <= 30 ms through the Worker.
 * The bench rows are placeholders (`benchform123`), not language data. Needs a build (`npm run build`).
 */
// @ts-expect-error plain ESM helper without types
import { ensureDevVars, must, root, start, stop, waitFor } from "../scripts/lib.mjs";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";

const FORMS = Number(process.env.BENCH_FORMS || 100_000);
const LEXEMES = Number(process.env.BENCH_LEXEMES || 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);
const PORT = 8795;
const STATE = ".wrangler/bench-editor";
const url = `http://127.0.0.1:${PORT}`;

await ensureDevVars();
rmSync(STATE, { recursive: true, force: true });
must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { capture: true });
must("node", ["scripts/seed.ts", "--persist-to", STATE], { capture: true });
must(
  "wrangler",
  [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    STATE,
    "--command",
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${FORMS})
     INSERT INTO forms (form, search_key, count, perc) SELECT 'benchform' || n, 'benchform' || n, abs(random() % 5000), 0.001 FROM seq;
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${LEXEMES})
     INSERT INTO lexemes (name, search_key, pos, gloss) SELECT 'benchlex' || n, 'benchlex' || n, 'vai', 'bench gloss ' || n FROM seq;
     INSERT INTO form_lexemes (form_id, lexeme_id) SELECT f.id, l.id FROM forms f JOIN lexemes l ON l.name = 'benchlex' || (f.id % ${LEXEMES} + 1) WHERE f.id % 3 = 0;`,
  ],
  { capture: true },
);
const editor = JSON.parse(
  must(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", "SELECT id, session_version AS sv FROM users WHERE username = 'editor'"],
    { capture: true },
  ).stdout,
)[0].results[0] as { id: number; sv: number };

const secret = /^SESSION_SECRET=(.*)$/m.exec(readFileSync(path.join(root, ".dev.vars"), "utf8"))![1].trim();
const token = await new SignJWT({ sv: editor.sv })
  .setProtectedHeader({ alg: "HS256" })
  .setSubject(String(editor.id))
  .setIssuer("nishnaabemwin")
  .setAudience("nishnaabemwin-web")
  .setIssuedAt()
  .setExpirationTime("1h")
  .sign(new TextEncoder().encode(secret));
const headers = { Cookie: `__Host-session=${token}` };

const child = start(
  "wrangler",
  ["dev", "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", STATE, "--var", "ENVIRONMENT:test", "--log-level", "error"],
  {
    stdio: "ignore",
  },
);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, pathFor: (i: number) => string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${pathFor(i)}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathFor(i)} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return { case: name, "p50 ms": percentile(times, 50).toFixed(1), "p95 ms": p95.toFixed(1), target: p95 <= 30 ? "<= 30 ok" : "<= 30 MISSED" };
}

try {
  const ready = await waitFor(
    async () => {
      try {
        return (await fetch(`${url}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60000 },
  );
  if (!ready) throw new Error("The built site did not start.");
  const lastPage = Math.ceil(FORMS / 100);
  await measure("warm-up", (i) => `/api/editor/forms?page=${(i % 5) + 1}`);
  const rows = [
    await measure("API ranks page (random page)", (i) => `/api/editor/forms?page=${((i * 7919) % lastPage) + 1}`),
    await measure("API ranks filter (substring)", (i) => `/api/editor/forms?q=${((i * 37) % 9000) + 100}`),
    await measure("API ranks filter, page 2", (i) => `/api/editor/forms?q=${(i % 9) + 1}&page=2`),
    await measure("SSR /DEV_editor page", (i) => `/DEV_editor?page=${((i * 7919) % lastPage) + 1}`),
    await measure("SSR /DEV_editor filter", (i) => `/DEV_editor?q=${((i * 37) % 9000) + 100}`),
  ];
  console.log(`Editor ranks with ${FORMS} forms and ${LEXEMES} lexemes (${SAMPLES} sequential requests each, loopback)`);
  console.table(rows);
} finally {
  stop(child);
}
