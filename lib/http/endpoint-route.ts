import "server-only";
import type { Database } from "../db/database.ts";
import { HTTP_METHODS, operationKey, type BodyOf, type Endpoint, type HttpMethod, type ParamsOf, type QueryOf, type SuccessOf, type SuccessStatus } from "../openapi/endpoint.ts";
import { identityJson, identityRoute, publicIdentityRoute, readJsonBody, readQuery, type Caller, type IdentityRouteOptions } from "./identity.ts";
import { identityMethodNotAllowed } from "./method-not-allowed.ts";
import { requestContext, type RequestContext } from "./request-context.ts";

/**
 * A route file's verbs, made from endpoint definitions (lib/openapi/endpoint.ts, docs/decisions/0032):
 *
 *   export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
 *     handle(kioskPickupEndpoint, async ({ caller, body, database, context }) => findKioskPickup(database, kioskOf(caller), body, context)),
 *   );
 *
 * Each defined verb runs in the identity wrapper (lib/http/identity.ts) with the options its definition's
 * access gives; its query and body are read and checked by the definition's schemas before the handler runs;
 * what the handler returns is answered with the definition's status (or, for a file, the Response it makes).
 * Every other verb answers 405 in the identity shape with `Allow`. Every function made here carries its
 * definition, which is how the route-file test knows no route skips it.
 */

/** The caller behind a call: none for a public endpoint. */
export type CallerOf<E extends Endpoint> = E["access"] extends { kind: "public" } ? null : Caller;

export interface EndpointInput<E extends Endpoint> {
  request: Request;
  caller: CallerOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  database: Database;
  context: RequestContext;
}

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<SuccessOf<E> | Response>;

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A definition bound to its handler: one verb of a route file. */
export interface BoundEndpoint {
  endpoint: Endpoint;
  handler: RouteHandler;
}

/** Marks the functions made from definitions (read by lib/http/endpoint-routes.test.ts). */
export const ENDPOINT = Symbol.for("church.endpoint");
type Marked = RouteHandler & { [ENDPOINT]?: Endpoint | "method-not-allowed" };

/** The definition a route file's handler was made from, if any. */
export function endpointOf(handler: RouteHandler): Endpoint | undefined {
  const marked = (handler as Marked)[ENDPOINT];
  return marked === "method-not-allowed" ? undefined : marked;
}

function optionsOf(endpoint: Endpoint): IdentityRouteOptions {
  const { access } = endpoint;
  if (access.kind === "public") throw new Error("a public endpoint takes no token");
  if (access.kind === "staff") return { staff: true, permission: access.permission, ...(access.recentSignIn === true ? { recentSignIn: true } : {}) };
  return { scope: access.scope, ...(access.permission ? { permission: access.permission } : {}), ...(access.recentSignIn === true ? { recentSignIn: true } : {}) };
}

const NO_CONTENT_HEADERS = { "Cache-Control": "no-store" } as const;

export function handle<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): BoundEndpoint {
  const answer = async (request: Request, caller: Caller | null, params: Record<string, string>, database: Database) => {
    const query = (endpoint.query ? readQuery(request, endpoint.query) : undefined) as QueryOf<E>;
    const body = (endpoint.body ? await readJsonBody(request, endpoint.body, endpoint.maxBodyBytes) : undefined) as BodyOf<E>;
    const context = requestContext(request.headers);
    const result = await handler({ request, caller: caller as CallerOf<E>, params: params as ParamsOf<E>, query, body, database, context });
    if (result instanceof Response) return result;
    if (endpoint.success.status === 204) return new Response(null, { status: 204, headers: NO_CONTENT_HEADERS });
    return identityJson(result, endpoint.success.status);
  };
  const run: RouteHandler =
    endpoint.access.kind === "public"
      ? async (request, route) => publicIdentityRoute(async (incoming, database) => answer(incoming, null, ((await route?.params) ?? {}) as Record<string, string>, database))(request)
      : identityRoute<Record<string, string>>(optionsOf(endpoint), ({ request, caller, params, database }) => answer(request, caller, params, database));
  return { endpoint, handler: run };
}

/**
 * The success body with a status its definition names besides its own (`success.also`), for a handler whose
 * answer's status depends on what happened: 200 where the change had been made already, say.
 */
export function answerWith<E extends Endpoint>(endpoint: E, status: Exclude<SuccessStatus, 204>, body: SuccessOf<E>): Response {
  if (status !== endpoint.success.status && endpoint.success.also?.[status] === undefined) throw new Error(`${operationKey(endpoint)} does not answer ${status}`);
  return identityJson(body, status);
}

/** The five verbs of a route file: the bound ones, and 405 for the rest. */
export function endpointRoutes(...bound: BoundEndpoint[]): Record<HttpMethod, RouteHandler> {
  const byMethod = new Map<HttpMethod, BoundEndpoint>();
  for (const one of bound) {
    if (byMethod.has(one.endpoint.method)) throw new Error(`${one.endpoint.method} ${one.endpoint.path} is bound twice`);
    byMethod.set(one.endpoint.method, one);
  }
  const path = bound[0]?.endpoint.path;
  if (!path || bound.some((one) => one.endpoint.path !== path)) throw new Error("a route file binds one path's endpoints");
  const refused = identityMethodNotAllowed([...byMethod.keys()]);
  return Object.fromEntries(
    HTTP_METHODS.map((method) => {
      const one = byMethod.get(method);
      const handler: Marked = one ? one.handler : refused[method];
      handler[ENDPOINT] = one ? one.endpoint : "method-not-allowed";
      return [method, handler];
    }),
  ) as Record<HttpMethod, RouteHandler>;
}
