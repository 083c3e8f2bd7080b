import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document.ts";
import { CALENDAR_ENDPOINTS, ENDPOINTS } from "./endpoints.ts";

/**
 * Every public JSON route of the two surfaces is in the OpenAPI document, with every method it exports:
 * a new route file cannot land undocumented. Catch-alls ([...path], [[...path]]) are the 404 answer, not routes.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCUMENTED_TREES = ["app/api/v1", "app/api/calendar", "app/oauth/federated"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Route files that only refuse, with why they are not operations of their own. */
const NOT_OPERATIONS = new Set([
  // The detail route without its eventId: the contract's 400, described on /api/calendar/events/{eventId}.
  "GET /api/calendar/events",
]);

/**
 * Route folders that hold a whole path segment whose OpenAPI path names its parts (a folder cannot be
 * `[token].ics`): the OpenAPI path each stands for.
 */
const SEGMENT_TEMPLATES: Record<string, string> = {
  "/api/calendar/mine/{token}": "/api/calendar/mine/{token}.ics",
};

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return /^\[\[?\.\.\./.test(entry.name) ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/**
 * Each route file's methods: those it exports by hand, or, for a file made from endpoint definitions
 * (docs/decisions/0032; the calendar's kind of them too), the definitions of its path (lib/http/endpoint-routes.test.ts holds such a file to
 * serve exactly those, and 405 the rest).
 */
function routesOnDisk(): { path: string; method: string }[] {
  return DOCUMENTED_TREES.flatMap((tree) => routeFiles(path.join(ROOT, tree))).flatMap((file) => {
    const folderPath = `/${path.relative(path.join(ROOT, "app"), path.dirname(file))}`.split(path.sep).join("/").replace(/\[([^\]]+)\]/g, "{$1}");
    const urlPath = SEGMENT_TEMPLATES[folderPath] ?? folderPath;
    const source = readFileSync(file, "utf8");
    if (source.includes("endpointRoutes(")) return ENDPOINTS.filter((endpoint) => endpoint.path === urlPath).map((endpoint) => ({ path: urlPath, method: endpoint.method }));
    if (/alendarEndpointRoutes\(/.test(source)) return CALENDAR_ENDPOINTS.filter((endpoint) => endpoint.path === urlPath).map((endpoint) => ({ path: urlPath, method: endpoint.method }));
    return METHODS.filter((method) => new RegExp(`export (const|async function|function) ${method}\\b`).test(source)).map((method) => ({ path: urlPath, method }));
  });
}

describe("the OpenAPI document", () => {
  it("covers every /api/v1, /api/calendar and /oauth/federated route file and method", () => {
    const document = buildOpenApiDocument({ serverUrl: "http://localhost", calendarUrl: "http://localhost/api/calendar" });
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([urlPath, item]) => METHODS.filter((method) => item && method.toLowerCase() in item).map((method) => `${method} ${urlPath}`)),
    );
    const onDisk = routesOnDisk().map((route) => `${route.method} ${route.path}`);
    expect(onDisk.length).toBeGreaterThan(150);
    for (const endpoint of CALENDAR_ENDPOINTS) expect(onDisk, "a calendar route file read as serving nothing").toContain(`GET ${endpoint.path}`);
    expect(onDisk.filter((route) => !documented.has(route) && !NOT_OPERATIONS.has(route))).toEqual([]);
  });

  it("is the same however often it is built: the domains' path objects are not changed by building it", () => {
    const build = () => JSON.stringify(buildOpenApiDocument({ serverUrl: "http://localhost", calendarUrl: "http://localhost/api/calendar" }));
    expect(build()).toBe(build());
  });
});
