import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The libraries run as they ship: no plugin here rewrites a dependency's code (ADR 019).
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Hidden client source maps list the modules inside each chunk, so scripts/js-budget.mjs can
  // tell which chunks hold editor code; public/.assetsignore keeps the maps out of deployed assets.
  // The app code two or more routes share goes in one chunk (never editor or admin code, which public pages must
  // not load: scripts/js-budget.mjs checks) instead of a dozen small files per page, each a request that a phone on
  // a slow connection waits for (ADR 015a).
  environments: {
    client: {
      build: {
        sourcemap: "hidden",
        rolldownOptions: {
          // app/core is pure (no I/O, nothing done on import that another module relies on): a client module that
          // imports one thing from it, or a route module whose loader alone used it, must not pull in the rest.
          treeshake: { moduleSideEffects: [{ test: /[\\/]app[\\/]core[\\/]/, sideEffects: false }] },
          output: {
            codeSplitting: {
              groups: [{ name: "shared", test: /[\\/]app[\\/](?!routes[\\/])(?!.*(editor|admin))/, minShareCount: 2 }],
            },
          },
        },
      },
    },
  },
});
