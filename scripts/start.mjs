// npm start: migrate + seed local D1, build, start the mail catcher, serve the
// production build in workerd at http://localhost:${PORT:-8787}. Ctrl-C stops all of it.
import { ensureDevVars, isListening, must, start, stop, waitFor } from "./lib.mjs";

const port = Number(process.env.PORT || 8787);
const SMTP_PORT = 1025;
const MAIL_UI_PORT = 1080;
const children = [];

function shutdown(code = 0) {
  for (const child of children.reverse()) stop(child);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

await ensureDevVars();
console.log("→ Applying migrations to the local D1 database…");
must("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { capture: true });
console.log("→ Seeding demo content if the database is empty…");
must("node", ["scripts/seed.ts"]);
console.log("→ Building…");
must("react-router", ["build"], { capture: true });

let mailUi = `http://localhost:${MAIL_UI_PORT}`;
if (await isListening(SMTP_PORT)) {
  console.log(`→ A mail catcher is already listening on port ${SMTP_PORT}; using it.`);
} else {
  const maildev = start("maildev", ["--smtp", String(SMTP_PORT), "--web", String(MAIL_UI_PORT), "--ip", "127.0.0.1"], {
    stdio: "ignore",
  });
  children.push(maildev);
  if (!(await waitFor(() => isListening(SMTP_PORT), { timeoutMs: 15000 }))) {
    console.warn("! The mail catcher (maildev) did not start; emails will fail to send locally.");
    mailUi = "(not running)";
  }
}

const server = start("wrangler", ["dev", "--port", String(port), "--ip", "0.0.0.0", "--var", `SITE_URL:http://localhost:${port}`], {
  stdio: ["inherit", "pipe", "inherit"],
});
children.push(server);
server.stdout.on("data", (chunk) => process.stdout.write(chunk));
server.on("exit", (code) => shutdown(code ?? 1));

if (await waitFor(() => isListening(port), { timeoutMs: 60000 })) {
  console.log(`\n  Nishnaabemwin is running at http://localhost:${port}`);
  console.log(`  Local mail (Word of the Day, password resets): ${mailUi}`);
  console.log("  Demo accounts: see README. Press Ctrl-C to stop.\n");
}
