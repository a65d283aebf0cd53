/**
 * The layering rule of docs/architecture.md, checked by `npm test` (scripts/check-architecture.mjs):
 * imports only point down —
 *   workers/ (Worker entry, Hono API)  →  app/ routes, root, middleware  →  app/components
 *   →  app/services (*.server.ts)  →  app/utils (client-safe)  →  db/  →  app/core (pure)
 * An import that points up, or any import cycle, fails the check.
 */
const SOURCE = "^(app|workers|db|scripts|bench)/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other (directly or through others) cannot be understood one at a time.",
      from: { path: SOURCE },
      to: { circular: true },
    },
    {
      name: "app-not-to-workers",
      severity: "error",
      comment: "workers/ is the Worker's entry and adapters; nothing under app/ depends on it.",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "core-is-pure",
      severity: "error",
      comment: "The pure core (grammar engine, orthography, search) imports nothing else of the project.",
      from: { path: "^app/core/" },
      to: { path: "^(app|workers|db|scripts|tests|bench)/", pathNot: "^app/core/" },
    },
    {
      name: "db-imports-only-core",
      severity: "error",
      comment: "db/ holds the schema and query functions; it may use the pure core and nothing above it.",
      from: { path: "^db/" },
      to: { path: "^(app|workers|scripts|tests|bench)/", pathNot: "^app/core/" },
    },
    {
      name: "utils-below-services",
      severity: "error",
      comment: "app/utils is client-safe shared code (schemas, texts): it may use db/ types and the core only.",
      from: { path: "^app/utils/" },
      to: { path: "^(app/(services|middleware|routes|components)/|app/(root|context|entry\\.server)\\.tsx?$)" },
    },
    {
      name: "services-below-react",
      severity: "error",
      comment: "Services are shared by routes, the API and the jobs: they never import the React side.",
      from: { path: "^app/services/" },
      to: { path: "^(app/(middleware|routes|components)/|app/(root|context|entry\\.server)\\.tsx?$)" },
    },
    {
      name: "components-not-server",
      severity: "error",
      comment: "Components run in the browser too: no services, no middleware, no routes.",
      from: { path: "^app/components/" },
      to: { path: "^(app/(services|middleware|routes)/|.*\\.server\\.tsx?$)" },
    },
    {
      name: "components-db-types-only",
      severity: "error",
      comment: "A component may name a row type from db/, never call a query.",
      from: { path: "^app/components/" },
      to: { path: "^db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "nothing-imports-tests-or-tools",
      severity: "error",
      comment: "Tests, benchmarks and scripts sit on top; the site never depends on them.",
      from: { path: "^(app|workers|db)/" },
      to: { path: "^(tests|bench|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(\\.react-router|build|dist-deploy|node_modules)/|\\+types/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
