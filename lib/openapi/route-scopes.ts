import { AREA_SCOPES, type AreaScope } from "../oauth/scopes.ts";
import { operationKey, type Endpoint } from "./endpoint.ts";
import { ENDPOINTS } from "./endpoints.ts";

/**
 * What each identity route needs of a token (docs/decisions/0018), by `METHOD /path` as the OpenAPI document
 * writes paths: the scope of its area (`null`: any member token, the handler releasing no more than the token's
 * scopes allow), and whether it is a sensitive change that needs a recent sign-in. For an endpoint defined
 * once (lib/openapi/endpoints.ts, docs/decisions/0032) it is read off its definition; the routes not yet
 * defined so declare it in their `identityRoute` options, and lib/http/route-scopes.test.ts holds those to the
 * table below. The OpenAPI document describes each operation from it. Staff routes (/api/v1/admin) all need
 * `staff`.
 */
export interface RouteNeeds {
  scope: AreaScope | null;
  /**
   * A sign-in of the last few minutes (RFC 9470 step-up); `deletion`: only for a deletion request;
   * `elevated-account`: only when the account acted on holds staff or volunteer permissions
   * (lib/users/assert-may-act-on-account.ts, checked by the service, so the route's options cannot say it).
   */
  recentSignIn?: true | "deletion" | "elevated-account";
}

const S = AREA_SCOPES;

export const SELF_SERVICE_ROUTE_NEEDS: Record<string, RouteNeeds> = {
  "GET /api/v1/users/me": { scope: null },
  "GET /api/v1/consents/me": { scope: S.consents },
  "POST /api/v1/consents/me": { scope: S.consents },
  "DELETE /api/v1/consents/me/{id}": { scope: S.consents },
  "GET /api/v1/sessions/me": { scope: S.sessions },
  "DELETE /api/v1/sessions/me": { scope: S.sessions },
  "DELETE /api/v1/sessions/me/{id}": { scope: S.sessions },
  "GET /api/v1/users/me/security-events": { scope: S.sessions },
  "GET /api/v1/users/me/mfa": { scope: S.mfa },
  "DELETE /api/v1/users/me/mfa": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/mfa/setup": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/mfa/confirm": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/mfa/recovery-codes": { scope: S.mfa, recentSignIn: true },
  "GET /api/v1/users/me/passkeys": { scope: S.mfa },
  "POST /api/v1/users/me/passkeys": { scope: S.mfa, recentSignIn: true },
  "POST /api/v1/users/me/passkeys/registration-options": { scope: S.mfa, recentSignIn: true },
  "PATCH /api/v1/users/me/passkeys/{id}": { scope: S.mfa },
  "DELETE /api/v1/users/me/passkeys/{id}": { scope: S.mfa, recentSignIn: true },
  "GET /api/v1/users/me/recovery-contacts": { scope: S.recovery },
  "POST /api/v1/users/me/recovery-contacts": { scope: S.recovery, recentSignIn: true },
  "DELETE /api/v1/users/me/recovery-contacts/{id}": { scope: S.recovery, recentSignIn: true },
  "POST /api/v1/users/me/recovery-contacts/{id}/verify": { scope: S.recovery },
  "POST /api/v1/users/me/recovery-contacts/{id}/resend": { scope: S.recovery },
  "POST /api/v1/users/me/phone": { scope: S.recovery, recentSignIn: true },
  "POST /api/v1/users/me/phone/verify": { scope: S.recovery },
  "GET /api/v1/privacy/data-requests/me": { scope: S.privacy },
  "POST /api/v1/privacy/data-requests/me": { scope: S.privacy, recentSignIn: "deletion" },
  "POST /api/v1/privacy/data-requests/me/{id}/cancel": { scope: S.privacy },
  "GET /api/v1/privacy/data-requests/me/{id}/download": { scope: S.privacy },
  "POST /api/v1/families/join": { scope: S.family },
  "GET /api/v1/families/me": { scope: S.family },
  "POST /api/v1/families/me/code": { scope: S.family },
  "POST /api/v1/families": { scope: S.family },
  "DELETE /api/v1/families/me": { scope: S.family },
  "POST /api/v1/families/me/children": { scope: S.family },
  "PATCH /api/v1/families/me/children/{childId}": { scope: S.family },
  "DELETE /api/v1/families/me/children/{childId}": { scope: S.family },
  "GET /api/v1/families/me/children/{childId}/pickup": { scope: S.family },
  "POST /api/v1/families/me/children/{childId}/pickup": { scope: S.family },
  "DELETE /api/v1/families/me/children/{childId}/pickup/{pickupId}": { scope: S.family },
  "GET /api/v1/users/me/guardians": { scope: S.family },
  "POST /api/v1/users/me/guardians/requests/{requestId}/confirm": { scope: S.family },
  "POST /api/v1/users/me/guardians/requests/{requestId}/decline": { scope: S.family },
  "GET /api/v1/users/me/dependents": { scope: S.dependents },
  "DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId}": { scope: S.dependents },
  "GET /api/v1/users/me/linked-identities": { scope: S.linkedIdentities },
  "DELETE /api/v1/users/me/linked-identities/{id}": { scope: S.linkedIdentities, recentSignIn: true },
  "POST /oauth/federated/link/finalize": { scope: S.linkedIdentities, recentSignIn: true },
};

/** Staff routes that are sensitive changes besides needing `staff`. */
export const STAFF_RECENT_SIGN_IN = new Set(["PUT /api/v1/admin/users/{id}/roles"]);

/** Staff routes that need a recent sign-in when the account they act on holds staff or volunteer permissions. */
export const STAFF_ELEVATED_ACCOUNT_SIGN_IN = new Set(["POST /api/v1/admin/users/{id}/disable", "POST /api/v1/admin/users/{id}/enable", "POST /api/v1/admin/users/{id}/sessions/end"]);

/** What a defined endpoint needs, from its access; undefined for one that takes no token. */
export function needsOf(endpoint: Endpoint): RouteNeeds | undefined {
  const { access } = endpoint;
  if (access.kind === "public") return undefined;
  if (access.kind === "staff") return { scope: S.staff, ...(access.recentSignIn ? { recentSignIn: access.recentSignIn } : {}) };
  return { scope: access.scope, ...(access.recentSignIn ? { recentSignIn: access.recentSignIn } : {}) };
}

const DEFINED_NEEDS = new Map(ENDPOINTS.flatMap((endpoint) => {
  const needs = needsOf(endpoint);
  return needs ? [[operationKey(endpoint), needs] as const] : [];
}));

/** What a route needs, for any identity route; undefined for a route that takes no token. */
export function routeNeeds(key: string): RouteNeeds | undefined {
  const defined = DEFINED_NEEDS.get(key);
  if (defined) return defined;
  if (key.includes(" /api/v1/admin/")) {
    if (STAFF_RECENT_SIGN_IN.has(key)) return { scope: S.staff, recentSignIn: true };
    return { scope: S.staff, ...(STAFF_ELEVATED_ACCOUNT_SIGN_IN.has(key) && { recentSignIn: "elevated-account" as const }) };
  }
  return SELF_SERVICE_ROUTE_NEEDS[key];
}
