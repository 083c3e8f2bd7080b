import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CalendarEndpoint } from "../openapi/calendar-endpoint.ts";
import { HTTP_METHODS, operationKey, type Endpoint } from "../openapi/endpoint.ts";
import { CALENDAR_ENDPOINTS, ENDPOINTS } from "../openapi/endpoints.ts";
import { CALENDAR_ENDPOINT, calendarEndpointOf } from "./calendar-endpoint-route.ts";
import { ENDPOINT } from "./endpoint-route.ts";
import { OAUTH_ENDPOINTS, type OAuthEndpoint } from "../oauth/oauth-endpoints.ts";
import { oauthMarkerOf } from "./oauth-endpoint-route.ts";

/**
 * Every route file of the identity API is made from endpoint definitions (docs/decisions/0032): it exports
 * the five verbs endpointRoutes makes (each carrying its definition, or the 405 of a verb it lacks) and
 * `dynamic`, nothing else, so no route can skip the wrapper or answer outside its definition. Each definition
 * is bound by the route file of its own path, and each bound verb is a definition of the list the OpenAPI
 * document and the proofs read.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TREE = "app/api/v1";

const isCatchAll = (folder: string) => /^\[\[?\.\.\./.test(folder);

/** Catch-alls ([...path]) are the surface's 404 for an unknown path, not operations: left out unless asked for. */
function routeFiles(directory: string, { catchAlls = false } = {}): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return isCatchAll(entry.name) && !catchAlls ? [] : routeFiles(full, { catchAlls });
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `/api/v1/admin/users/[id]/roles` → `/api/v1/admin/users/{id}/roles`: the definition's spelling. */
const folderPath = (file: string) => `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`;
const templatePath = (folder: string) => folder.replace(/\[(\w+)\]/g, "{$1}");

const files = routeFiles(path.join(ROOT, TREE));

describe("the identity API's route files", () => {
  it("are each made from definitions", () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(readFileSync(file, "utf8").includes("endpointRoutes("), `${folderPath(file)}: not made from definitions`).toBe(true);
  });

  it("export only what endpointRoutes makes, each verb its definition of the file's own path", async () => {
    const bound = new Set<Endpoint>();
    for (const file of files) {
      const routeModule = (await import(file)) as Record<string, unknown>;
      const where = folderPath(file);
      expect(Object.keys(routeModule).sort(), where).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT", "dynamic"]);
      for (const method of HTTP_METHODS) {
        const made = (routeModule[method] as { [ENDPOINT]?: Endpoint | "method-not-allowed" })[ENDPOINT];
        expect(made, `${method} ${where} is not made by endpointRoutes`).toBeDefined();
        if (made === "method-not-allowed" || made === undefined) continue;
        expect(made.method, `${method} ${where}`).toBe(method);
        expect(made.path, `${method} ${where}`).toBe(templatePath(where));
        expect(ENDPOINTS, `${operationKey(made)} is not in lib/openapi/endpoints.ts`).toContain(made);
        bound.add(made);
      }
    }
    // Every definition of the list is answered by its route file.
    expect(ENDPOINTS.filter((endpoint) => endpoint.path.startsWith("/api/v1/") && !bound.has(endpoint)).map(operationKey)).toEqual([]);
  }, 120_000);

  it("name each operation once", () => {
    const keys = ENDPOINTS.map(operationKey);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = ENDPOINTS.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/**
 * The calendar's route files the same way (lib/http/calendar-endpoint-route.ts): each operation's GET made from
 * its definition, the other verbs its 405s, a public one's CORS preflight. `events/route.ts` is no operation:
 * it is getEvent's address without an id, answering the `eventId missing` its definition lists.
 */
const CALENDAR_TREE = "app/api/calendar";
const NOT_OPERATIONS = new Set(["/api/calendar/events"]);
const calendarFiles = routeFiles(path.join(ROOT, CALENDAR_TREE)).filter((file) => !NOT_OPERATIONS.has(folderPath(file)));

/** `/api/calendar/mine/{token}.ics` → `/api/calendar/mine/{token}`: a parameter with a suffix is held by the folder named after it. */
const routedPath = (definitionPath: string) => definitionPath.replace(/\{(\w+)\}[^/]+/g, "{$1}");

describe("the calendar's route files", () => {
  it("export only what calendarEndpointRoutes makes, GET bound to the definition of the file's own path", async () => {
    expect(calendarFiles.length).toBe(CALENDAR_ENDPOINTS.length);
    const bound = new Set<CalendarEndpoint>();
    for (const file of calendarFiles) {
      const routeModule = (await import(file)) as Record<string, unknown>;
      const where = folderPath(file);
      const made = calendarEndpointOf(routeModule.GET);
      expect(made, `GET ${where} is not made by calendarEndpointRoutes`).toBeDefined();
      if (!made) continue;
      expect(routedPath(made.path), where).toBe(templatePath(where));
      expect(CALENDAR_ENDPOINTS, `${made.operationId} is not in lib/openapi/endpoints.ts`).toContain(made);
      const verbs = made.audience === "public" ? ["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"] : ["DELETE", "GET", "PATCH", "POST", "PUT"];
      expect(Object.keys(routeModule).filter((name) => name !== "dynamic").sort(), where).toEqual(verbs);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        expect((routeModule[method] as Record<symbol, unknown>)[CALENDAR_ENDPOINT], `${method} ${where}`).toBe("method-not-allowed");
      }
      bound.add(made);
    }
    expect(CALENDAR_ENDPOINTS.filter((endpoint) => !bound.has(endpoint)).map((endpoint) => endpoint.operationId)).toEqual([]);
  }, 120_000);
});

/**
 * The OAuth and OpenID Connect route files (lib/http/oauth-endpoint-route.ts): every verb of each made from the
 * definition of its own path or that definition's 405, every definition answered; the catch-alls marked as the
 * unknown paths they answer. `/oauth/federated/link/finalize` is an identity API operation (checked above).
 */
const OAUTH_TREES = ["app/oauth", "app/.well-known"];
const IDENTITY_UNDER_OAUTH = new Set(["/oauth/federated/link/finalize"]);
const oauthFiles = OAUTH_TREES.flatMap((tree) => routeFiles(path.join(ROOT, tree), { catchAlls: true })).filter((file) => !IDENTITY_UNDER_OAUTH.has(folderPath(file)));

describe("the OAuth route files", () => {
  it("export only what oauthEndpointRoutes makes: the definition of the file's own path for its methods, its 405 for the rest", async () => {
    const bound = new Set<OAuthEndpoint>();
    for (const file of oauthFiles) {
      const routeModule = (await import(file)) as Record<string, unknown>;
      const where = folderPath(file);
      expect(Object.keys(routeModule).sort(), where).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT", "dynamic"]);
      const catchAll = isCatchAll(path.basename(path.dirname(file)));
      for (const method of HTTP_METHODS) {
        const marker = oauthMarkerOf(routeModule[method]);
        expect(marker, `${method} ${where} is not made by oauthEndpointRoutes`).toBeDefined();
        if (catchAll) {
          expect(marker, `${method} ${where}`).toBe("unknown-path");
          continue;
        }
        if (typeof marker !== "object") {
          expect(marker, `${method} ${where}`).toBe("method-not-allowed");
          continue;
        }
        expect(marker.path, `${method} ${where}`).toBe(where);
        expect(marker.methods, `${method} ${where}`).toContain(method);
        expect(OAUTH_ENDPOINTS, `${marker.path} is not in lib/oauth/oauth-endpoints.ts`).toContain(marker);
        bound.add(marker);
      }
    }
    expect(OAUTH_ENDPOINTS.filter((endpoint) => !bound.has(endpoint)).map((endpoint) => endpoint.path)).toEqual([]);
    // Each definition's methods are all served: none is left to a 405.
    for (const endpoint of OAUTH_ENDPOINTS) {
      const routeModule = (await import(path.join(ROOT, "app", endpoint.path, "route.ts"))) as Record<string, unknown>;
      for (const method of endpoint.methods) expect(oauthMarkerOf(routeModule[method]), `${method} ${endpoint.path}`).toBe(endpoint);
    }
  }, 120_000);

  it("name each endpoint once", () => {
    const paths = OAUTH_ENDPOINTS.map((endpoint) => endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
