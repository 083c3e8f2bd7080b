import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_PERMISSIONS } from "../identity/permissions.ts";
import { AREA_SCOPES, SCOPE_RULES } from "../oauth/scopes.ts";
import { operationKey } from "../openapi/endpoint.ts";
import { ENDPOINTS } from "../openapi/endpoints.ts";
import { SELF_SERVICE_ROUTE_NEEDS, STAFF_RECENT_SIGN_IN, needsOf, routeNeeds } from "../openapi/route-scopes.ts";

/**
 * The scope table of docs/decisions/0018 (lib/openapi/route-scopes.ts, which the OpenAPI document reads), as
 * the route files declare it: every self-service route names the scope its area needs (TypeScript makes the
 * option mandatory; this says which one), the sensitive changes ask for a recent sign-in, and every staff
 * route is a staff route with a staff permission. A new route, or a route moved to another scope, changes
 * the table and the decision together.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

interface Declared {
  key: string;
  scope: string;
  recent: boolean;
  permission: string | null;
}

/** Each `export const VERB = identityRoute<...>({ ... }` of a route file, with its options. */
function declaredRoutes(): Declared[] {
  return routeFiles(path.join(ROOT, "app")).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    // The OpenAPI document's spelling of the path: `{id}` where the folder is `[id]`.
    const route = `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
    return [...source.matchAll(/export const ([A-Z]+) = identityRoute(?:<[^>]*>)?\(\{([^}]*)\}/g)].map((match) => {
      const options = match[2]!;
      const area = /scope: AREA_SCOPES\.(\w+)/.exec(options)?.[1];
      const scope = /staff: true/.test(options) ? "staff" : area ? AREA_SCOPES[area as keyof typeof AREA_SCOPES] : /scope: null/.test(options) ? "null" : "?";
      return {
        key: `${match[1]} ${route}`,
        scope,
        recent: /recentSignIn: true/.test(options),
        permission: /permission: "([^"]+)"/.exec(options)?.[1] ?? null,
      };
    });
  });
}

describe("the scope of every identity route", () => {
  const declared = declaredRoutes();

  it("finds the routes", () => {
    expect(declared.length).toBeGreaterThan(60);
  });

  it("is the decision's table for every self-service route", () => {
    const selfService = declared.filter((route) => !route.key.includes("/api/v1/admin/"));
    // A deletion's recent sign-in is checked inside its route (an export needs none): the option cannot say it.
    const table = Object.fromEntries(
      Object.entries(SELF_SERVICE_ROUTE_NEEDS).map(([key, needs]) => [key, `${needs.scope}${needs.recentSignIn === true ? " +recent" : ""}`]),
    );
    expect(Object.fromEntries(selfService.map((route) => [route.key, `${route.scope}${route.recent ? " +recent" : ""}`]))).toEqual(table);
    expect(readFileSync(path.join(ROOT, "app/api/v1/privacy/data-requests/me/route.ts"), "utf8")).toContain('if (type === "deletion") requireRecentSignIn(caller);');
  });

  it("asks staff for a recent sign-in exactly where the table says", () => {
    const recent = declared.filter((route) => route.key.includes("/api/v1/admin/") && route.recent).map((route) => route.key);
    expect(recent).toEqual([...STAFF_RECENT_SIGN_IN]);
    expect(routeNeeds("PUT /api/v1/admin/users/{id}/roles")).toEqual({ scope: "staff", recentSignIn: true });
  });

  it("gives every staff route the staff scope and a staff permission", () => {
    // The staff routes defined once (docs/decisions/0032) are held to the same, read off their definitions.
    const defined = ENDPOINTS.filter((endpoint) => endpoint.path.startsWith("/api/v1/admin/")).map((endpoint) => ({
      key: operationKey(endpoint),
      scope: needsOf(endpoint)?.scope,
      permission: endpoint.access.kind === "public" ? null : (endpoint.access.permission ?? null),
    }));
    const staff = [...declared.filter((route) => route.key.includes("/api/v1/admin/")), ...defined];
    expect(staff.length).toBeGreaterThanOrEqual(33);
    for (const route of staff) {
      expect(route.scope, route.key).toBe("staff");
      expect(STAFF_PERMISSIONS as readonly string[], route.key).toContain(route.permission);
    }
  });

  it("keeps account control and staff scopes away from third parties", () => {
    for (const route of declared) {
      if (route.scope === "null" || route.scope === "membership") continue;
      expect(SCOPE_RULES[route.scope as keyof typeof SCOPE_RULES]?.thirdParty, route.key).toBe(false);
    }
  });
});
