/**
 * Bundles the calendar widget (lib/embed/widget) into public/embed/calendar.js: one classic script, no
 * dependencies, minified, for the browsers that have custom elements, constructed stylesheets and
 * color-mix(). Part of `npm run build` (and `npm run dev`); the file is built, not committed.
 * Its words: the Widget namespace of every messages/<tag>.json, compiled by icu-minify and put into the
 * bundle as the module "virtual:widget-messages" (lib/embed/widget/main.ts imports it), formatted there by
 * icu-minify's runtime.
 * docs/decisions/0028-calendar-widget.md
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { compileWidgetMessages } from "../lib/embed/widget/compile-messages.ts";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, "public/embed/calendar.js");
mkdirSync(path.dirname(outfile), { recursive: true });
const messages = compileWidgetMessages(path.join(root, "messages"));
const result = await build({
  entryPoints: [path.join(root, "lib/embed/widget/main.ts")],
  outfile,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["es2022", "chrome111", "firefox113", "safari16.4"],
  minify: true,
  legalComments: "none",
  charset: "utf8",
  write: true,
  metafile: true,
  logLevel: "warning",
  tsconfig: path.join(root, "tsconfig.json"),
  plugins: [
    {
      name: "widget-messages",
      setup(bundle) {
        bundle.onResolve({ filter: /^virtual:widget-messages$/ }, ({ path: name }) => ({ path: name, namespace: "widget-messages" }));
        bundle.onLoad({ filter: /.*/, namespace: "widget-messages" }, () => ({ contents: JSON.stringify(messages), loader: "json" }));
      },
    },
  ],
});
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
const { readFileSync } = await import("node:fs");
const gzipped = gzipSync(readFileSync(outfile)).length;
console.log(`Bundled the calendar widget into public/embed/calendar.js (${bytes} bytes, ${gzipped} gzipped; words in ${Object.keys(messages).join(", ")})`);
