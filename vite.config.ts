import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Hidden client source maps list the modules inside each chunk, so scripts/js-budget.mjs can
  // tell which chunks hold editor code; public/.assetsignore keeps the maps out of deployed assets.
  environments: { client: { build: { sourcemap: "hidden" } } },
});
