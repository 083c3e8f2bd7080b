import { AREA_SCOPES, type AreaScope } from "../oauth/scopes.ts";
import { operationKey, type Endpoint } from "./endpoint.ts";
import { ENDPOINTS } from "./endpoints.ts";

/**
 * What each identity route needs of a token (docs/decisions/0018), by `METHOD /path` as the OpenAPI document
 * writes paths: the scope of its area (`null`: any member token, the handler releasing no more than the token's
 * scopes allow), and whether it is a sensitive change that needs a recent sign-in, read off each endpoint's
 * definition (lib/openapi/endpoints.ts, docs/decisions/0032). The OpenAPI document describes each operation
 * from it; lib/http/route-scopes.test.ts holds it to the decision's table. Staff routes (/api/v1/admin) all
 * need `staff`.
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
  return DEFINED_NEEDS.get(key);
}
