import "server-only";
import type { OAuthEndpoint } from "../oauth/oauth-endpoints.ts";
import { HTTP_METHODS } from "../openapi/endpoint.ts";
import { browserOAuthRoute } from "./authorize.ts";
import { browserMethodNotAllowed, oauthMethodNotAllowed, type Method } from "./method-not-allowed.ts";
import { oauthRoute, type DatabaseHandler } from "./oauth.ts";

/**
 * An OAuth route file's exports, made from its definition (lib/oauth/oauth-endpoints.ts):
 *
 *   export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(revocationEndpoint, async (request, database) => …);
 *
 * Each method the definition serves runs the handler in the wrapper its `answers` names (lib/http/oauth.ts:
 * RFC 6749's error shape; lib/http/authorize.ts: redirects to the client or our error page); the others answer
 * that shape's 405. Each function carries its definition, which is how the route-file test and the fast
 * path's registration (server/main.ts) know it.
 */

/** Marks the functions made from OAuth definitions (read by lib/http/endpoint-routes.test.ts and server/main.ts). */
export const OAUTH_ENDPOINT = Symbol.for("church.oauth-endpoint");

type Marker = OAuthEndpoint | "method-not-allowed" | "unknown-path";
type Handler = (request: Request) => Promise<Response>;
type Marked = Handler & { [OAUTH_ENDPOINT]?: Marker };

function marked(handler: Handler, by: Marker): Marked {
  return Object.assign(handler, { [OAUTH_ENDPOINT]: by });
}

/** What marks an OAuth route's handler: its definition, a 405, or the catch-all of unknown paths. */
export function oauthMarkerOf(handler: unknown): Marker | undefined {
  return (handler as Marked | undefined)?.[OAUTH_ENDPOINT];
}

/** The definition an OAuth route's handler was made from, if any. */
export function oauthEndpointOf(handler: unknown): OAuthEndpoint | undefined {
  const marker = oauthMarkerOf(handler);
  return typeof marker === "object" ? marker : undefined;
}

export function oauthEndpointRoutes(endpoint: OAuthEndpoint, handler: DatabaseHandler): Record<Method, Marked> {
  const serve = endpoint.answers === "json" ? oauthRoute(handler) : browserOAuthRoute(handler);
  const refuse = endpoint.answers === "json" ? oauthMethodNotAllowed(endpoint.methods) : browserMethodNotAllowed();
  return Object.fromEntries(
    HTTP_METHODS.map((method) => [
      method,
      (endpoint.methods as readonly Method[]).includes(method) ? marked(async (request) => serve(request), endpoint) : marked(refuse[method], "method-not-allowed"),
    ]),
  ) as Record<Method, Marked>;
}

/** A catch-all under /oauth or /.well-known: every method of an unknown path answers `answer`, marked as no endpoint. */
export function unknownOAuthPathRoutes(answer: Handler): Record<Method, Marked> {
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, marked(async (request) => answer(request), "unknown-path")])) as Record<Method, Marked>;
}
