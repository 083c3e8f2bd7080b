/**
 * The direction of the arrows (docs/decisions/0019): route -> wrapper -> domain -> db -> kernel. `npm run
 * lint` runs these rules; a new arrow up fails it.
 */
const KERNEL = "^lib/(kernel|crypto|log|async|generated)/|^lib/env\\.ts$";
const DB_LAYER = "^lib/db/";
const DB_ACCESSOR = "^lib/db\\.ts$";
const WRAPPERS = "^lib/(http|portal-api|portal-auth)/";
const DEMO = "^lib/demo/";
const EDGES = "^(app|components|server|scripts|prisma|bench|e2e)/|^instrumentation";
const TESTS = "\\.test\\.ts$";
/** Every other folder of lib/ is a domain. */
const DOMAINS = "^lib/(?!(kernel|crypto|log|async|generated|db|http|portal-api|portal-auth|demo)/)[^/]+/";

module.exports = {
  forbidden: [
    {
      name: "domain-imports-wrapper",
      comment: "A domain never imports a surface's wrapper: what both need belongs in lib/kernel.",
      severity: "error",
      from: { path: DOMAINS },
      to: { path: WRAPPERS },
    },
    {
      name: "service-opens-database",
      comment: "Services take the Database they are handed; only edges and wrappers import lib/db.ts.",
      severity: "error",
      from: { path: "^lib/", pathNot: [WRAPPERS, DB_ACCESSOR] },
      to: { path: DB_ACCESSOR },
    },
    {
      name: "product-imports-demo",
      comment: "Only the start-up path, scripts, seeds, benchmarks and tests import demo code.",
      severity: "error",
      from: { path: "^(lib|app|components|server)/", pathNot: [DEMO, TESTS] },
      to: { path: DEMO },
    },
    {
      name: "lib-imports-edge",
      comment: "lib/ never reaches up into routes, pages, components or scripts.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: EDGES },
    },
    {
      name: "db-layer-imports-above",
      comment: "The database layer knows no domain, wrapper or demo.",
      severity: "error",
      from: { path: DB_LAYER },
      to: { path: [DOMAINS, WRAPPERS, DEMO, DB_ACCESSOR] },
    },
    {
      name: "kernel-imports-above",
      comment: "The kernel depends on nothing else in lib/.",
      severity: "error",
      from: { path: KERNEL },
      to: { path: "^lib/", pathNot: KERNEL },
    },
    {
      name: "server-code-imports-next-intl",
      comment:
        "next-intl works only inside Next's own bundles: code the custom server (server/main.ts), scripts or the outbox may run translates with lib/i18n (use-intl/core) instead (issue 41).",
      severity: "error",
      from: { path: "^(lib|server)/" },
      to: { path: "(^|/)node_modules/next-intl/" },
    },
    {
      name: "no-circular",
      comment: "Modules form no cycles.",
      severity: "error",
      from: { path: "^(lib|app|components|server)/" },
      to: { circular: true },
    },
  ],
  options: {
    // Prisma's generated client is a library, not ours to arrange.
    doNotFollow: { path: "^(node_modules|lib/generated)/" },
    exclude: { path: "^(node_modules|\\.next|\\.next-server|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "react-server"] },
  },
};
