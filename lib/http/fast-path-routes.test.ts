import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../openapi/endpoints.ts";

/**
 * The /api/v1 operations `npm start`'s server answers before Next's router are the definitions that say
 * `fastPath` (lib/openapi/endpoint.ts), no more and no fewer: server/main.ts takes each one's path from the
 * handler's own definition and refuses to start on a handler whose definition does not say it; this test
 * holds the other direction, reading which route modules it serves.
 */
const MAIN = readFileSync(path.resolve(import.meta.dirname, "../../server/main.ts"), "utf8");

function servedByMain(): string[] {
  const modules = new Map([...MAIN.matchAll(/const \{ POST: (\w+) \} = await import\("\.\.\/app(\/api\/v1\/[^"]+)\/route\.ts"\)/g)].map((match) => [match[1]!, match[2]!]));
  return [...MAIN.matchAll(/fastEndpoint\((\w+)\)/g)].map((match) => modules.get(match[1]!) ?? `unknown handler ${match[1]}`).sort();
}

describe("the fast path's /api/v1 operations", () => {
  it("are the definitions that say fastPath: POSTs without path parameters", () => {
    const marked = ENDPOINTS.filter((endpoint) => endpoint.fastPath);
    expect(marked.length).toBeGreaterThan(0);
    for (const endpoint of marked) expect([endpoint.method, endpoint.path.includes("{")]).toEqual(["POST", false]);
    expect(servedByMain()).toEqual(marked.map((endpoint) => endpoint.path).sort());
  });
});
