import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compile from "icu-minify/compile";
import type { WidgetCatalog, WidgetCatalogs } from "./words.ts";

/**
 * Build time only (scripts/build-embed.ts, and the widget's tests): the `Widget` namespace of every
 * messages/<tag>.json, flattened to dotted paths and compiled by icu-minify, for the bundle to carry
 * (words.ts formats them). Not bundled into the widget: it reads files and parses ICU.
 */
export const WIDGET_NAMESPACE = "Widget";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, into: WidgetCatalog, file: string): WidgetCatalog {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into[`${prefix}${key}`] = compile(value);
    else if (value && typeof value === "object") flatten(value, `${prefix}${key}.`, into, file);
    else throw new Error(`${file}: ${WIDGET_NAMESPACE}.${prefix}${key} is not a message`);
  }
  return into;
}

export function compileWidgetMessages(messagesDir: string): WidgetCatalogs {
  const catalogs: WidgetCatalogs = {};
  for (const name of readdirSync(messagesDir).filter((file) => file.endsWith(".json")).sort()) {
    const all = JSON.parse(readFileSync(path.join(messagesDir, name), "utf8")) as Record<string, unknown>;
    const namespace = all[WIDGET_NAMESPACE];
    if (!namespace || typeof namespace !== "object") throw new Error(`${name} has no ${WIDGET_NAMESPACE} messages`);
    catalogs[name.replace(/\.json$/, "")] = flatten(namespace as Tree, "", {}, name);
  }
  if (!catalogs.en) throw new Error(`${messagesDir} has no en.json: the widget falls back to English`);
  return catalogs;
}
