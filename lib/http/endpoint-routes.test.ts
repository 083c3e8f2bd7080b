import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, operationKey, type Endpoint } from "../openapi/endpoint.ts";
import { ENDPOINTS } from "../openapi/endpoints.ts";
import { ENDPOINT } from "./endpoint-route.ts";

/**
 * Every route file of the identity API is made from endpoint definitions (docs/decisions/0032): it exports
 * the five verbs endpointRoutes makes (each carrying its definition, or the 405 of a verb it lacks) and
 * `dynamic`, nothing else, so no route can skip the wrapper or answer outside its definition. Each definition
 * is bound by the route file of its own path, and each bound verb is a definition of the list the OpenAPI
 * document and the proofs read.
 *
 * The route files not yet moved to definitions are listed here by path, and the list only shrinks: a file
 * moved must leave it, a new file cannot join it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const TREE = "app/api/v1";
const LEGACY_ROUTE_FILES = new Set([
  "/api/v1/admin/audit/export",
  "/api/v1/admin/audit",
  "/api/v1/admin/families/[id]/children/[childId]",
  "/api/v1/admin/families/[id]/children",
  "/api/v1/admin/families/[id]/guardianships",
  "/api/v1/admin/families/[id]/members/[userId]",
  "/api/v1/admin/families/[id]/members",
  "/api/v1/admin/families/[id]/merge",
  "/api/v1/admin/families/[id]",
  "/api/v1/admin/families",
  "/api/v1/admin/guardianships/[id]/end",
  "/api/v1/admin/guardianships",
  "/api/v1/admin/roles",
  "/api/v1/admin/users/[id]/disable",
  "/api/v1/admin/users/[id]/enable",
  "/api/v1/admin/users/[id]/roles",
  "/api/v1/admin/users/[id]",
  "/api/v1/admin/users/[id]/security-events",
  "/api/v1/admin/users/[id]/sessions/end",
  "/api/v1/admin/users/[id]/sessions",
  "/api/v1/admin/users",
  "/api/v1/consents/me/[id]",
  "/api/v1/consents/me",
  "/api/v1/families/join",
  "/api/v1/families/me/children/[childId]/pickup/[pickupId]",
  "/api/v1/families/me/children/[childId]/pickup",
  "/api/v1/families/me/children/[childId]",
  "/api/v1/families/me/children",
  "/api/v1/families/me/code",
  "/api/v1/families/me",
  "/api/v1/families",
  "/api/v1/privacy/data-requests/me/[id]/cancel",
  "/api/v1/privacy/data-requests/me/[id]/download",
  "/api/v1/privacy/data-requests/me",
  "/api/v1/sessions/me/[id]",
  "/api/v1/sessions/me",
  "/api/v1/system/health",
  "/api/v1/system/ready",
  "/api/v1/system/version",
  "/api/v1/users/me/dependents/[dependentId]/consent/[consentId]",
  "/api/v1/users/me/dependents",
  "/api/v1/users/me/guardians/requests/[requestId]/confirm",
  "/api/v1/users/me/guardians/requests/[requestId]/decline",
  "/api/v1/users/me/guardians",
  "/api/v1/users/me/linked-identities/[id]",
  "/api/v1/users/me/linked-identities",
  "/api/v1/users/me/mfa/confirm",
  "/api/v1/users/me/mfa/recovery-codes",
  "/api/v1/users/me/mfa",
  "/api/v1/users/me/mfa/setup",
  "/api/v1/users/me/passkeys/[id]",
  "/api/v1/users/me/passkeys/registration-options",
  "/api/v1/users/me/passkeys",
  "/api/v1/users/me/phone",
  "/api/v1/users/me/phone/verify",
  "/api/v1/users/me/recovery-contacts/[id]/resend",
  "/api/v1/users/me/recovery-contacts/[id]",
  "/api/v1/users/me/recovery-contacts/[id]/verify",
  "/api/v1/users/me/recovery-contacts",
  "/api/v1/users/me",
  "/api/v1/users/me/security-events",
]);

/** Catch-alls ([...path]) are the surface's 404 for an unknown path, not operations. */
function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return /^\[\[?\.\.\./.test(entry.name) ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `/api/v1/admin/users/[id]/roles` → `/api/v1/admin/users/{id}/roles`: the definition's spelling. */
const folderPath = (file: string) => `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`;
const templatePath = (folder: string) => folder.replace(/\[(\w+)\]/g, "{$1}");

const files = routeFiles(path.join(ROOT, TREE));
const defined = files.filter((file) => !LEGACY_ROUTE_FILES.has(folderPath(file)));

describe("the identity API's route files", () => {
  it("are each made from definitions, or listed as not yet moved", () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const made = readFileSync(file, "utf8").includes("endpointRoutes(");
      expect(made, `${folderPath(file)}: ${LEGACY_ROUTE_FILES.has(folderPath(file)) ? "moved to definitions: take it off the list" : "not made from definitions"}`).toBe(!LEGACY_ROUTE_FILES.has(folderPath(file)));
    }
    for (const listed of LEGACY_ROUTE_FILES) expect(files.map(folderPath), `${listed} is listed but has no route file`).toContain(listed);
  });

  it("export only what endpointRoutes makes, each verb its definition of the file's own path", async () => {
    const bound = new Set<Endpoint>();
    for (const file of defined) {
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
