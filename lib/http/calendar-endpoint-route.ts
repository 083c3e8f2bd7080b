import "server-only";
import type { z } from "zod";
import { CalendarError } from "../calendar/errors.ts";
import type { Database } from "../db/database.ts";
import type { CalendarEndpoint, CalendarParamsOf, CalendarQueryOf, CalendarSuccessOf } from "../openapi/calendar-endpoint.ts";
import { calendarPreflight, calendarRoute, JSON_CONTENT_TYPE, parseQuery, privateCalendarRoute, type CalendarRequest, type CalendarRouteResult } from "./calendar.ts";
import { calendarMethodNotAllowed } from "./method-not-allowed.ts";

/**
 * A calendar route file's exports, made from its definition (lib/openapi/calendar-endpoint.ts):
 *
 *   export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = calendarEndpointRoutes(
 *     handleCalendar(getEvent, async ({ params, database }) => calendarJson(getEvent, await getEventOrThrow(database, params.eventId))),
 *   );
 *
 * GET runs in the calendar wrapper its audience names (lib/http/calendar.ts: cached, ETag and CORS for a public
 * one; `private, no-store` for the member's feed), with the path's parameters and the query checked by the
 * definition's schemas inside it, so a bad one is a CalendarError 400 like any other. A public route answers
 * the CORS preflight; the other verbs answer 405. Each function carries its definition, which is how the
 * route-file test and the fast path's registration (server/main.ts) know it.
 */

export interface CalendarEndpointInput<E extends CalendarEndpoint> {
  request: CalendarRequest;
  params: CalendarParamsOf<E>;
  query: CalendarQueryOf<E>;
  database: Database;
}

type RouteParams = Record<string, string | string[] | undefined>;

export interface BoundCalendarEndpoint {
  endpoint: CalendarEndpoint;
  load: (request: CalendarRequest, params: RouteParams, database: Database) => Promise<CalendarRouteResult>;
}

/** Marks the functions made from calendar definitions (read by lib/http/endpoint-routes.test.ts and server/main.ts). */
export const CALENDAR_ENDPOINT = Symbol.for("church.calendar-endpoint");

/** The definition a calendar route's handler was made from, if any. */
export function calendarEndpointOf(handler: unknown): CalendarEndpoint | undefined {
  const marked = (handler as { [CALENDAR_ENDPOINT]?: CalendarEndpoint | "method-not-allowed" } | undefined)?.[CALENDAR_ENDPOINT];
  return marked === "method-not-allowed" ? undefined : marked;
}

/**
 * The path's parameters by the definition's names. A parameter followed by a suffix in its segment
 * (`{token}.ics`) is held by a folder named after it (`[token]`) with the whole segment: without the suffix the
 * address is not this route's, so it is the surface's 404.
 */
function pathParams(endpoint: CalendarEndpoint, routeParams: RouteParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of endpoint.path.split("/")) {
    const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
    if (!parameter) continue;
    const [, name = "", suffix = ""] = parameter;
    const value = routeParams[name];
    const text = typeof value === "string" ? value : "";
    if (!text.endsWith(suffix)) throw new CalendarError(404, "not found");
    params[name] = text.slice(0, text.length - suffix.length);
  }
  return params;
}

export function handleCalendar<E extends CalendarEndpoint>(endpoint: E, handler: (input: CalendarEndpointInput<E>) => Promise<CalendarRouteResult>): BoundCalendarEndpoint {
  return {
    endpoint,
    async load(request, routeParams, database) {
      const found = pathParams(endpoint, routeParams);
      const params = (endpoint.params ? endpoint.params.parse(found) : found) as CalendarParamsOf<E>;
      const query = (endpoint.query ? parseQuery(request, endpoint.query) : {}) as CalendarQueryOf<E>;
      return handler({ request, params, query, database });
    },
  };
}

/** A JSON answer written by the definition's own schema, so what a route answers cannot drift from what the document says. */
export function calendarJson<E extends CalendarEndpoint>(endpoint: E, value: CalendarSuccessOf<E>): CalendarRouteResult {
  const schema = endpoint.success.schema as z.ZodType | undefined;
  if (!schema) throw new Error(`${endpoint.operationId} answers a file, not JSON`);
  return { body: JSON.stringify(schema.parse(value)), contentType: JSON_CONTENT_TYPE };
}

type Marked<F> = F & { [CALENDAR_ENDPOINT]?: CalendarEndpoint | "method-not-allowed" };

function marked<F extends object>(handler: F, by: CalendarEndpoint | "method-not-allowed"): Marked<F> {
  return Object.assign(handler, { [CALENDAR_ENDPOINT]: by });
}

/** A public calendar route: GET (cached, embeddable), its CORS preflight, and 405 for the rest. */
export function calendarEndpointRoutes(bound: BoundCalendarEndpoint) {
  if (bound.endpoint.audience !== "public") throw new Error(`${bound.endpoint.operationId} is private: use privateCalendarEndpointRoutes`);
  return { GET: marked(calendarRoute(bound.load), bound.endpoint), OPTIONS: calendarPreflight, ...notAllowed() };
}

/** A private calendar route (the address is the credential): GET, never cached and not readable by other origins, and 405 for the rest. */
export function privateCalendarEndpointRoutes(bound: BoundCalendarEndpoint) {
  if (bound.endpoint.audience !== "private") throw new Error(`${bound.endpoint.operationId} is public: use calendarEndpointRoutes`);
  return { GET: marked(privateCalendarRoute(bound.load), bound.endpoint), ...notAllowed() };
}

/** The verbs a calendar route does not serve: the calendar's 405, each marked as such. */
function notAllowed() {
  const refused = calendarMethodNotAllowed();
  return {
    POST: marked(refused.POST, "method-not-allowed"),
    PUT: marked(refused.PUT, "method-not-allowed"),
    PATCH: marked(refused.PATCH, "method-not-allowed"),
    DELETE: marked(refused.DELETE, "method-not-allowed"),
  };
}
