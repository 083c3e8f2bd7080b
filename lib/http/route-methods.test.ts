import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every route file answers every method: the ones it implements, and the rest from
 * lib/http/method-not-allowed.ts in its surface's shape. Next answers a method a route file does not
 * export with an empty 405 that no client of ours can read (found by the hostile-input proof), so a new
 * route cannot land without its refusals.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Route files whose methods are someone else's to answer, with why. */
const EXEMPT = new Set([
  // next-auth's own handler: its GET and POST serve every /api/auth/* path, and it owns their errors.
  "app/api/auth/[...nextauth]/route.ts",
  // The benchmark's baseline route (bench/oauth.ts): Next's own floor, deliberately bare.
  "app/api/bench/trivial/route.ts",
]);

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The HTTP methods a route file exports, in any of the forms our route files use. */
function exportedMethods(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/export (?:const|async function|function) ([A-Z]+)\b/g)) names.add(match[1]!);
  for (const match of source.matchAll(/export const \{([^}]*)\}/g)) for (const name of match[1]!.split(",")) names.add(name.trim());
  for (const match of source.matchAll(/export \{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) names.add(part.split(" as ").at(-1)!.trim());
  }
  return names;
}

describe("route files", () => {
  it("reads every form of export", () => {
    const source = 'export const GET = a;\nexport async function POST() {}\nexport const { PUT, PATCH } = b;\nexport { relay as DELETE };';
    expect([...exportedMethods(source)].sort()).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT"]);
  });

  it("answer every method, the missing ones with a 405 in their surface's shape", () => {
    const files = routeFiles(path.join(ROOT, "app")).map((file) => path.relative(ROOT, file).split(path.sep).join("/"));
    expect(files.length).toBeGreaterThan(50);
    const incomplete = files
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) => {
        const exported = exportedMethods(readFileSync(path.join(ROOT, file), "utf8"));
        const missing = METHODS.filter((method) => !exported.has(method));
        return missing.length > 0 ? [`${file}: ${missing.join(", ")}`] : [];
      });
    expect(incomplete).toEqual([]);
  });
});
