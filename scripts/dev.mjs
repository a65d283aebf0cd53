// npm run dev: prepare the local database like `npm start`, then the hot-reload server.
import { ensureDevVars, must, run } from "./lib.mjs";

await ensureDevVars();
must("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { capture: true });
must("node", ["scripts/seed.ts"]);
process.exit(run("react-router", ["dev", ...process.argv.slice(2)]));
