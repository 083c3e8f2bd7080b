import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, operationKey } from "../../lib/openapi/endpoint.ts";
import { ENDPOINTS } from "../../lib/openapi/endpoints.ts";
import { identityRoutes } from "./fuzz.ts";

/**
 * The hostile-input proof reaches every operation of the identity API: the endpoints defined once come from
 * their definitions (docs/decisions/0032); the route files not yet moved must be in its hand-kept table, and a
 * new one cannot be forgotten there.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return /^\[\[?\.\.\./.test(entry.name) ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `{childId}` and the like as the fuzz's table writes every hole of a path: `{id}`. */
const holes = (key: string) => key.replace(/\{\w+\}/g, "{id}");

/** Each `METHOD /path` a route file under /api/v1 answers other than with a 405. */
function operationsOnDisk(): string[] {
  return routeFiles(path.join(ROOT, "app/api/v1")).flatMap((file) => {
    const route = `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    if (source.includes("endpointRoutes(")) return ENDPOINTS.filter((endpoint) => endpoint.path === route).map(operationKey);
    return HTTP_METHODS.filter((method) => new RegExp(`export (const|async function|function) ${method}\\b(?! =.*MethodNotAllowed)`).test(source)).map((method) => `${method} ${route}`);
  });
}

describe("the hostile-input proof's identity routes", () => {
  // An operation may be listed twice, with two valid bodies (a client's settings, and a kiosk's networks).
  it("hold every operation of /api/v1", () => {
    const table = identityRoutes({ ids: { member: "m", admin: "a", staff: "s", child: "c", memberRecord: "r", teenRecord: "t" } }).map((route) => `${route.method} ${route.path}`);
    const missing = operationsOnDisk().filter((operation) => !table.includes(holes(operation)));
    expect(missing).toEqual([]);
  });
});
