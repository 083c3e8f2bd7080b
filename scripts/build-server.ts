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
  // Split, so the routes main.ts imports after Next has started (they need its AsyncLocalStorage) are
  // separate chunks whose imports run only then.
  outdir: path.join(root, ".next-server"),
  splitting: true,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "server-only": path.join(root, "scripts/empty-module.ts") },
  sourcemap: "linked",
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  tsconfig: path.join(root, "tsconfig.json"),
  plugins: [
    {
      // `next` has no exports map: Node's ESM resolver needs the file name (next/server.js).
      name: "next-subpath-extension",
      setup(bundler) {
        bundler.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
      },
    },
  ],
});
console.log("Bundled the production server into .next-server/main.mjs");
