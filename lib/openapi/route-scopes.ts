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
};

/** Staff routes not yet defined that are sensitive changes besides needing `staff` (a defined one says so in its access). */
export const STAFF_RECENT_SIGN_IN = new Set<string>();

/** Staff routes not yet defined that need a recent sign-in when the account they act on holds staff or volunteer permissions. */
export const STAFF_ELEVATED_ACCOUNT_SIGN_IN = new Set<string>();

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
