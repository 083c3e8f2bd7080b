import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_PERMISSIONS } from "../identity/permissions.ts";
import { AREA_SCOPES, SCOPE_RULES } from "../oauth/scopes.ts";
import { operationKey } from "../openapi/endpoint.ts";
import { ENDPOINTS } from "../openapi/endpoints.ts";
import { needsOf, routeNeeds, type RouteNeeds } from "../openapi/route-scopes.ts";

/**
 * The scope table of docs/decisions/0018, as the endpoint definitions give it (docs/decisions/0032): every
 * self-service operation needs its area's scope, and the sensitive changes a recent sign-in, exactly as the
 * decision's table below says; every staff operation is a staff one with a staff permission, and only the
 * decision's few need a recent sign-in. A new operation, or one moved to another scope, changes the table and
 * the decision together.
 */

const S = AREA_SCOPES;

/** docs/decisions/0018's table of self-service operations (`deletion`: a deletion request only, checked in its route). */
const SELF_SERVICE: Record<string, RouteNeeds> = {
  "DELETE /api/v1/consents/me/{id}": { scope: S.consents },
  "DELETE /api/v1/families/me": { scope: S.family },
  "DELETE /api/v1/families/me/children/{childId}": { scope: S.family },
  "DELETE /api/v1/families/me/children/{childId}/pickup/{pickupId}": { scope: S.family },
  "DELETE /api/v1/sessions/me": { scope: S.sessions },
  "DELETE /api/v1/sessions/me/{id}": { scope: S.sessions },
  "DELETE /api/v1/users/me/check-in-card": { scope: S.checkIn },
  "DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId}": { scope: S.dependents },
  "DELETE /api/v1/users/me/linked-identities/{id}": { scope: S.linkedIdentities, recentSignIn: true },
  "DELETE /api/v1/users/me/mfa": { scope: S.mfa, recentSignIn: true },
  "DELETE /api/v1/users/me/passkeys/{id}": { scope: S.mfa, recentSignIn: true },
  "DELETE /api/v1/users/me/recovery-contacts/{id}": { scope: S.recovery, recentSignIn: true },
  "DELETE /api/v1/users/me/registrations/{id}": { scope: S.calendar },
  "DELETE /api/v1/users/me/schedule-feed": { scope: S.calendar },
  "GET /api/v1/consents/me": { scope: S.consents },
  "GET /api/v1/families/me": { scope: S.family },
  "GET /api/v1/families/me/children/{childId}/pickup": { scope: S.family },
  "GET /api/v1/kiosk/events": { scope: S.kiosk },
  "GET /api/v1/privacy/data-requests/me": { scope: S.privacy },
  "GET /api/v1/privacy/data-requests/me/{id}/download": { scope: S.privacy },
  "GET /api/v1/sessions/me": { scope: S.sessions },
  "GET /api/v1/users/me": { scope: null },
  "GET /api/v1/users/me/check-in-card": { scope: S.checkIn },
  "GET /api/v1/users/me/check-in-code": { scope: S.checkIn },
  "GET /api/v1/users/me/check-in-events": { scope: S.checkIn },
  "GET /api/v1/users/me/check-ins": { scope: S.checkIn },
  "GET /api/v1/users/me/dependents": { scope: S.dependents },
  "GET /api/v1/users/me/events/{eventId}/registration": { scope: S.calendar },
  "GET /api/v1/users/me/guardians": { scope: S.family },
  "GET /api/v1/users/me/linked-identities": { scope: S.linkedIdentities },
  "GET /api/v1/users/me/membership": { scope: S.membership },
  "GET /api/v1/users/me/mfa": { scope: S.mfa },
  "GET /api/v1/users/me/passkeys": { scope: S.mfa },
  "GET /api/v1/users/me/phone": { scope: S.recovery },
  "GET /api/v1/users/me/recovery-contacts": { scope: S.recovery },
  "GET /api/v1/users/me/registrations": { scope: S.calendar },
  "GET /api/v1/users/me/schedule": { scope: S.calendar },
  "GET /api/v1/users/me/schedule-feed": { scope: S.calendar },
  "GET /api/v1/users/me/security-events": { scope: S.sessions },
  "PATCH /api/v1/families/me/children/{childId}": { scope: S.family },
  "PATCH /api/v1/users/me/passkeys/{id}": { scope: S.mfa },
  "POST /api/v1/consents/me": { scope: S.consents },
  "POST /api/v1/families": { scope: S.family },
  "POST /api/v1/families/join": { scope: S.family },
  "POST /api/v1/families/me/children": { scope: S.family },
  "POST /api/v1/families/me/children/{childId}/pickup": { scope: S.family },
  "POST /api/v1/families/me/code": { scope: S.family },
  "POST /api/v1/kiosk/check-ins": { scope: S.kiosk },
  "POST /api/v1/kiosk/check-outs": { scope: S.kiosk },
  "POST /api/v1/kiosk/households": { scope: S.kiosk },
  "POST /api/v1/kiosk/phone-checks": { scope: S.kiosk },
  "POST /api/v1/kiosk/pickups": { scope: S.kiosk },
  "POST /api/v1/privacy/data-requests/me": { scope: S.privacy, recentSignIn: "deletion" },
  "POST /api/v1/privacy/data-requests/me/{id}/cancel": { scope: S.privacy },
  "POST /api/v1/users/me/check-in-card": { scope: S.checkIn, recentSignIn: true },
  "POST /api/v1/users/me/check-ins": { scope: S.checkIn },
  "POST /api/v1/users/me/events/{eventId}/registration": { scope: S.calendar },
  "POST /api/v1/users/me/guardians/requests/{requestId}/confirm": { scope: S.family },
  "POST /api/v1/users/me/guardians/requests/{requestId}/decline": { scope: S.family },
  "POST /api/v1/users/me/membership/challenge": { scope: S.claimMembership },
  "POST /api/v1/users/me/membership/ranked-search": { scope: S.claimMembership },
  "POST /api/v1/users/me/membership/suggest": { scope: S.claimMembership },
  "POST /api/v1/users/me/membership/verify": { scope: S.claimMembership },
  "POST /api/v1/users/me/mfa/confirm": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/mfa/recovery-codes": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/mfa/setup": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/passkeys": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/passkeys/registration-options": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/phone": { scope: S.recovery, recentSignIn: true },
  "POST /api/v1/users/me/phone/verify": { scope: S.recovery },
  "POST /api/v1/users/me/recovery-contacts": { scope: S.recovery, recentSignIn: true },
  "POST /api/v1/users/me/recovery-contacts/{id}/resend": { scope: S.recovery },
  "POST /api/v1/users/me/recovery-contacts/{id}/verify": { scope: S.recovery },
  "POST /api/v1/users/me/schedule-feed": { scope: S.calendar, recentSignIn: true },
  "POST /api/v1/users/me/schedule-feed/address": { scope: S.calendar, recentSignIn: true },
  "POST /oauth/federated/link/finalize": { scope: S.linkedIdentities, recentSignIn: true },
  "PATCH /api/v1/users/me": { scope: S.profile },
  "PUT /api/v1/users/me/password": { scope: S.profile, recentSignIn: true },
  "POST /api/v1/users/me/email": { scope: S.profile, recentSignIn: true },
  "POST /api/v1/users/me/email/verify": { scope: S.profile },
};

/** docs/decisions/0017 and 0018: the staff operations that need a recent sign-in, always or for a powerful account. */
const STAFF_RECENT_SIGN_IN: Record<string, RouteNeeds["recentSignIn"]> = {
  "PUT /api/v1/admin/users/{id}/roles": true,
  "POST /api/v1/admin/users/{id}/disable": "elevated-account",
  "POST /api/v1/admin/users/{id}/enable": "elevated-account",
  "POST /api/v1/admin/users/{id}/sessions/end": "elevated-account",
};

const withToken = ENDPOINTS.filter((endpoint) => endpoint.access.kind !== "public");
const staff = withToken.filter((endpoint) => endpoint.path.startsWith("/api/v1/admin/"));
const selfService = withToken.filter((endpoint) => !endpoint.path.startsWith("/api/v1/admin/"));

describe("the scope of every identity operation", () => {
  it("finds the operations", () => {
    expect(selfService.length).toBeGreaterThan(60);
    expect(staff.length).toBeGreaterThanOrEqual(33);
  });

  it("is the decision's table for every self-service operation", () => {
    expect(Object.fromEntries(selfService.map((endpoint) => [operationKey(endpoint), needsOf(endpoint)]))).toEqual(SELF_SERVICE);
    for (const [key, needs] of Object.entries(SELF_SERVICE)) expect(routeNeeds(key), key).toEqual(needs);
    // A deletion's recent sign-in is checked inside its route (an export needs none): the wrapper cannot say it.
    const privacyRoute = path.resolve(import.meta.dirname, "../../app/api/v1/privacy/data-requests/me/route.ts");
    expect(readFileSync(privacyRoute, "utf8")).toContain('if (type === "deletion") requireRecentSignIn(caller);');
  });

  it("asks staff for a recent sign-in exactly where the decisions say", () => {
    const recent = Object.fromEntries(staff.flatMap((endpoint) => (endpoint.access.kind === "staff" && endpoint.access.recentSignIn ? [[operationKey(endpoint), endpoint.access.recentSignIn]] : [])));
    expect(recent).toEqual(STAFF_RECENT_SIGN_IN);
    expect(routeNeeds("PUT /api/v1/admin/users/{id}/roles")).toEqual({ scope: "staff", recentSignIn: true });
  });

  it("gives every staff operation the staff scope and a staff permission", () => {
    for (const endpoint of staff) {
      const key = operationKey(endpoint);
      expect(endpoint.access.kind, key).toBe("staff");
      expect(needsOf(endpoint)?.scope, key).toBe("staff");
      expect(STAFF_PERMISSIONS as readonly string[], key).toContain(endpoint.access.kind === "staff" ? endpoint.access.permission : null);
    }
  });

  it("keeps account control and staff scopes away from third parties", () => {
    for (const endpoint of withToken) {
      const scope = needsOf(endpoint)?.scope;
      if (scope === null || scope === undefined || scope === "membership") continue;
      expect(SCOPE_RULES[scope as keyof typeof SCOPE_RULES]?.thirdParty, operationKey(endpoint)).toBe(false);
    }
  });
});
