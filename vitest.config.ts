import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { SHARED_DATA_TAG } from "./scripts/test-summary.ts";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.ts"],
            environment: "node",
            // scripts/test.mjs fails a run where one of these is skipped while ../shared/data is there.
            tags: [{ name: SHARED_DATA_TAG, description: "reads ../shared/data (never committed); skipped without it" }],
          },
        },
        {
          // reactRouter() provides virtual:react-router/server-build, so SSR runs inside workerd too.
          plugins: [
            reactRouter(),
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // MAIL_TRANSPORT=record: mail stays in memory (app/services/mail.server.ts), nothing is sent.
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: "test",
                  MAIL_TRANSPORT: "record",
                  // Payloads per endpoint in tests/integration/fuzz.test.ts.
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "1000",
                },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["tests/integration/**/*.test.ts"],
            // A test that signs users in hashes passwords (PBKDF2, 100,000 iterations) in workerd; on a loaded shared
            // machine the first of them once passed the 5 s default (on CI). Speed is measured by benchmarks.
            testTimeout: 20_000,
            setupFiles: ["./tests/setup/apply-migrations.ts"],
          },
        },
      ],
    },
  };
});
