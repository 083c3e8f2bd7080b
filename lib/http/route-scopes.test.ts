import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_PERMISSIONS } from "../identity/permissions.ts";
import { AREA_SCOPES, SCOPE_RULES } from "../oauth/scopes.ts";

/**
 * The scope table of docs/decisions/0018, as the route files declare it: every self-service route names the
 * scope its area needs (TypeScript makes the option mandatory; this says which one), the sensitive changes
 * ask for a recent sign-in, and every staff route is a staff route with a staff permission. A new route, or
 * a route moved to another scope, changes this table and the decision together.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `METHOD path` → the scope, and `+recent` for a sensitive change. `null`: any member token (the handler cuts the answer). */
const EXPECTED: Record<string, string> = {
  "GET /api/v1/users/me": "null",
  "GET /api/v1/users/me/membership": "membership",
  "POST /api/v1/users/me/membership/ranked-search": "account:membership",
  "POST /api/v1/users/me/membership/challenge": "account:membership",
  "POST /api/v1/users/me/membership/verify": "account:membership",
  "POST /api/v1/users/me/membership/suggest": "account:membership",
  "GET /api/v1/consents/me": "account:consents",
  "POST /api/v1/consents/me": "account:consents",
  "DELETE /api/v1/consents/me/[id]": "account:consents",
  "GET /api/v1/sessions/me": "account:sessions",
  "DELETE /api/v1/sessions/me": "account:sessions",
  "DELETE /api/v1/sessions/me/[id]": "account:sessions",
  "GET /api/v1/users/me/security-events": "account:sessions",
  "GET /api/v1/users/me/mfa": "account:mfa",
  "DELETE /api/v1/users/me/mfa": "account:mfa +recent",
  "POST /api/v1/users/me/mfa/setup": "account:mfa +recent",
  "POST /api/v1/users/me/mfa/confirm": "account:mfa +recent",
  "POST /api/v1/users/me/mfa/recovery-codes": "account:mfa +recent",
  "GET /api/v1/users/me/recovery-contacts": "account:recovery",
  "POST /api/v1/users/me/recovery-contacts": "account:recovery +recent",
  "DELETE /api/v1/users/me/recovery-contacts/[id]": "account:recovery +recent",
  "POST /api/v1/users/me/recovery-contacts/[id]/verify": "account:recovery",
  "POST /api/v1/users/me/recovery-contacts/[id]/resend": "account:recovery",
  "POST /api/v1/users/me/phone": "account:recovery +recent",
  "POST /api/v1/users/me/phone/verify": "account:recovery",
  // A deletion needs a recent sign-in too; the route checks it for that type of request (an export does not).
  "GET /api/v1/privacy/data-requests/me": "account:privacy",
  "POST /api/v1/privacy/data-requests/me": "account:privacy",
  "POST /api/v1/privacy/data-requests/me/[id]/cancel": "account:privacy",
  "GET /api/v1/privacy/data-requests/me/[id]/download": "account:privacy",
  "POST /api/v1/families/join": "account:family",
  "GET /api/v1/families/me": "account:family",
  "POST /api/v1/families/me/code": "account:family",
  "GET /api/v1/users/me/dependents": "account:dependents",
  "DELETE /api/v1/users/me/dependents/[dependentId]/consent/[consentId]": "account:dependents",
  "GET /api/v1/users/me/linked-identities": "account:linked-identities",
  "DELETE /api/v1/users/me/linked-identities/[id]": "account:linked-identities +recent",
  "POST /oauth/federated/link/finalize": "account:linked-identities +recent",
  "PUT /api/v1/admin/users/[id]/roles": "staff +recent",
};

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
    const route = `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`;
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
    const selfService = declared.filter((route) => !route.key.includes("/api/v1/admin/") || route.key in EXPECTED);
    expect(Object.fromEntries(selfService.map((route) => [route.key, `${route.scope}${route.recent ? " +recent" : ""}`]))).toEqual(EXPECTED);
  });

  it("gives every staff route the staff scope and a staff permission", () => {
    const staff = declared.filter((route) => route.key.includes("/api/v1/admin/"));
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
