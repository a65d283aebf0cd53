/**
 * Request body limits (issue 48 finding 3, ADR 031): posts of 20 MB to a page form (/contact) and to the API
 * (/api/signup-wotd), with a Content-Length and streamed without one (chunked), to the built site served as it ships
 * (startBuiltSite in scripts/lib.mjs; run `npx react-router build` first). Prints for each post its answer, how long it
 * took, and how much the workerd process's memory grew: the peak resident size during the post over the size just
 * before it (the peak is reset before each post through /proc/<pid>/clear_refs, and the size is also sampled every
 * few milliseconds; Linux only). The target: a few MB at most (the post is refused after at most its limit, 64 KB for
 * the form and 512 KB for the API), where the whole body read before any limit grew the runtime by ~600 MB for 50 MB.
 * A form just under its limit is posted too, for comparison. BENCH_PORT (default 8816), BENCH_MB (default 20);
 * BENCH_DIR serves another checkout's build instead (e.g. a worktree of a commit before the limits), for comparison.
 */
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { Readable } from "node:stream";
// @ts-expect-error plain ESM helper without types
import { startBuiltSite } from "../scripts/lib.mjs";

const PORT = Number(process.env.BENCH_PORT || 8816);
const SIZE = Number(process.env.BENCH_MB || 20) * 1024 * 1024;
const CHUNK = 64 * 1024;
const TARGET_MB = 5;

/** The process's resident size and its peak so far, in bytes (/proc; NaN elsewhere). */
function memoryOf(pid: number | null) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Resets the process's peak resident size to its current size; false when the kernel does not allow it. */
function resetPeak(pid: number | null) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** `size` bytes: `prefix`, then "aaa…", made as they are sent. */
function body(size: number, prefix: string) {
  let sent = 0;
  return Readable.from(
    (function* () {
      while (sent < size) {
        const n = Math.min(CHUNK, size - sent);
        const chunk = Buffer.alloc(n, 0x61);
        if (sent === 0) chunk.write(prefix);
        sent += n;
        yield chunk;
      }
    })(),
  );
}

/**
 * Posts `size` bytes over a plain socket (HTTP/1.1, `Expect: 100-continue`, as curl sends a large body): the body
 * is sent once the server asks for it, and whatever the server answers meanwhile is read. A refusal by
 * Content-Length comes before any of the body is sent. A streamed body is refused once the Worker has counted past
 * the limit; the server then closes the connection while the client is still sending, and the client's system
 * may drop the answer on the reset (then "closed while sending"; the memory figure is what counts).
 */
function post(url: string, path: string, type: string, size: number, declared: boolean, prefix: string) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: string; text: string }>((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    let sending = false;
    const done = () => {
      const [head, ...rest] = answer.split("\r\n\r\n");
      const status = /^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? "closed while sending";
      const text = rest.join("\r\n\r\n");
      resolve({ status, text: /chunked/i.test(head) ? text.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "") : text });
    };
    const send = async () => {
      sending = true;
      for await (const chunk of body(size, prefix)) {
        if (socket.destroyed || answer) break;
        const framed = declared ? chunk : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
        if (!socket.write(framed)) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
      if (!declared && !socket.destroyed && !answer) socket.write("0\r\n\r\n");
    };
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => {
      if (!sending && !answer && /^HTTP\/1\.1 100 /.test(d)) {
        void send();
        return;
      }
      answer += d;
      // The whole answer is in once its length is (Content-Length) or its last chunk has come.
      const [head, ...rest] = answer.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if ((length !== undefined && rest.join("\r\n\r\n").length >= Number(length)) || answer.endsWith("\r\n0\r\n\r\n")) socket.end();
    });
    socket.on("error", () => undefined);
    socket.on("close", done);
    const headers = [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Content-Type: ${type}`,
      `Origin: ${url}`,
      declared ? `Content-Length: ${size}` : "Transfer-Encoding: chunked",
      "Expect: 100-continue",
      "Connection: close",
    ];
    socket.write(`${headers.join("\r\n")}\r\n\r\n`);
  });
}

const FORM = "application/x-www-form-urlencoded";
const FORM_FIELDS = "name=x&email=bench%40example.org&subject=s&message=hi&pad=";
const JSON_START = '{"email":"';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const dir = process.env.BENCH_DIR ? { dir: process.env.BENCH_DIR } : {};
const site = await startBuiltSite({ port: PORT, state: ".wrangler/bench-body", vars: { ENVIRONMENT: "test" }, ...dir });
try {
  if (!site.pid) console.log("No /proc here: the memory figures are NaN.");
  // Warm-up: the site's code loaded, a form read once.
  for (const path of ["/", "/contact", "/api/health"]) await fetch(`${site.url}${path}`).then((r) => r.arrayBuffer());
  await post(site.url, "/contact", FORM, 1024, true, FORM_FIELDS);
  const cases = [
    { label: "form, just under its limit (60 KB)", path: "/contact", type: FORM, size: 60 * 1024, declared: true },
    { label: `form, ${mb(SIZE)} MB, Content-Length`, path: "/contact", type: FORM, size: SIZE, declared: true },
    { label: `form, ${mb(SIZE)} MB, streamed (chunked)`, path: "/contact", type: FORM, size: SIZE, declared: false },
    { label: `API, ${mb(SIZE)} MB, Content-Length`, path: "/api/signup-wotd", type: "application/json", size: SIZE, declared: true },
    { label: `API, ${mb(SIZE)} MB, streamed (chunked)`, path: "/api/signup-wotd", type: "application/json", size: SIZE, declared: false },
  ];
  const rows = [];
  for (const c of cases) {
    const before = memoryOf(site.pid);
    const peakReset = resetPeak(site.pid);
    let sampled = before.rss;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(site.pid).rss)), 2);
    const started = performance.now();
    const answer = await post(site.url, c.path, c.type, c.size, c.declared, c.type === FORM ? FORM_FIELDS : JSON_START);
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(site.pid);
    const peak = peakReset ? Math.max(after.peak, sampled) : sampled;
    const growth = peak - before.rss;
    rows.push({
      post: c.label,
      answer: String(answer.status),
      message: answer.text.includes("<html") ? "(the page)" : answer.text.slice(0, 70),
      ms: ms.toFixed(0),
      "RSS before MB": mb(before.rss),
      "growth MB": mb(growth),
      target: c.size > 64 * 1024 ? `<= ${TARGET_MB} MB ${growth <= TARGET_MB * 1024 * 1024 ? "ok" : "MISSED"}` : "(comparison)",
    });
  }
  console.table(rows);
  console.log(`Peak: ${resetPeak(site.pid) ? "VmHWM reset before each post, and sampled every 2 ms" : "sampled every 2 ms only (clear_refs refused)"}.`);
} finally {
  await site.stop();
}
