// The linter (npm test runs it: scripts/test.mjs): ESLint's and typescript-eslint's recommended rules. Type-aware
// rules are left to tsc, which npm test runs too; formatting is Prettier's (.prettierrc.json).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "dist-deploy/**",
      ".wrangler/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      ".test-results/**",
      "playwright-report/**",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names what is deliberately left unused (a rest sibling dropped, a callback's argument).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // An empty interface is how a module adds its part to a shared one (declaration merging: GrammarMemo, Env).
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "always" }],
      // `let [text, note] = …` where only one is reassigned stays one statement.
      "prefer-const": ["error", { destructuring: "all" }],
    },
  },
  { files: ["scripts/**/*.mjs", "*.mjs", "*.cjs", ".*.cjs"], languageOptions: { globals: globals.node } },
  { files: ["public/sw.js"], languageOptions: { globals: globals.serviceworker } },
);
