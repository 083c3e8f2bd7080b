/**
 * Bundles server/main.ts (the production server with the token endpoint's fast path) into
 * .next-server/main.mjs: our TypeScript inlined, every npm package left external, `server-only` (a marker
 * for Next's bundler) replaced by an empty module. Part of `npm run build`.
 */
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, ".next-server/main.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "server-only": path.join(root, "scripts/empty-module.ts") },
  sourcemap: "linked",
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.log("Bundled the production server into .next-server/main.mjs");
