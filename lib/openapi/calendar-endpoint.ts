import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { calendarError } from "./responses.ts";

/**
 * One definition per calendar operation (docs/decisions/0032): the public calendar's routes are read by
 * church websites, embeds and calendar apps, never with a token, and answer in the calendar's own shape (a
 * CalendarError), so they have a definition of their own kind beside the identity API's (./endpoint.ts).
 * The route handler and its 405s (lib/http/calendar-endpoint-route.ts), the OpenAPI operation
 * (calendarOperationOf, here), the route-file test and the fast path's registration (server/main.ts) are
 * derived from it.
 *
 * `audience` says how the answer may travel:
 * - `public`: anyone's, embeddable (CORS `*`), cached with an ETag and answered 304 when it still matches;
 * - `private`: the address holds the credential (a member's schedule feed), so never cached, no CORS.
 */
export interface CalendarEndpoint<
  Path extends string = string,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Success extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: "GET";
  path: Path;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  audience: "public" | "private";
  /** The path's parameters, checked by the wrapper (a CalendarError 400 naming what is wrong otherwise). */
  params?: Params;
  /** The query parameters it knows, each at most once; others are ignored (embeds add cache-busters). */
  query?: Query;
  /** A JSON body's schema, or the media type of a file (an iCalendar document). */
  success: { description: string; schema?: Success; file?: "text/calendar" };
  refusals?: Partial<Record<"400" | "404", string>>;
  /** Served by `npm start`'s server before Next's router (server/main.ts, docs/decisions/0029). */
  fastPath?: true;
}

/** Keeps the literal types of a definition, so its handler receives its parameters typed. */
export function defineCalendarEndpoint<
  const Path extends string,
  Params extends z.ZodObject | undefined = undefined,
  Query extends z.ZodObject | undefined = undefined,
  Success extends z.ZodType | undefined = undefined,
>(endpoint: CalendarEndpoint<Path, Params, Query, Success>): CalendarEndpoint<Path, Params, Query, Success> {
  return endpoint;
}

export type CalendarParamsOf<E> = E extends CalendarEndpoint<string, infer Params> ? (Params extends z.ZodObject ? z.output<Params> : Record<string, never>) : never;
export type CalendarQueryOf<E> = E extends CalendarEndpoint<string, z.ZodObject | undefined, infer Query> ? (Query extends z.ZodObject ? z.output<Query> : Record<string, never>) : never;
/** What a JSON answer's value is before its schema writes it. */
export type CalendarSuccessOf<E> = E extends CalendarEndpoint<string, z.ZodObject | undefined, z.ZodObject | undefined, infer Success> ? (Success extends z.ZodType ? z.input<Success> : never) : never;

const TEXT = { type: "string" as const };
const notModified = { description: "Not modified: the If-None-Match tag still matches." };
const cachingHeaders = {
  ETag: { description: "Entity tag of the body; send it back in If-None-Match to get 304.", schema: TEXT },
  "Cache-Control": { description: "Public, CDN-cacheable for a short time.", schema: TEXT },
};

/** The operation as the OpenAPI document lists it; lib/openapi/document.ts adds the 503 of an outage. */
export function calendarOperationOf(endpoint: CalendarEndpoint): ZodOpenApiOperationObject {
  const { success, refusals = {} } = endpoint;
  const body = success.schema
    ? { ...(endpoint.audience === "public" && { headers: cachingHeaders }), content: { "application/json": { schema: success.schema } } }
    : { content: { [success.file ?? "text/calendar"]: { schema: TEXT } } };
  const ownRefusals = Object.fromEntries(Object.entries(refusals).map(([status, words]) => [status, calendarError(words)]));
  return {
    tags: [...endpoint.tags],
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description !== undefined && { description: endpoint.description }),
    ...((endpoint.params || endpoint.query) && {
      requestParams: { ...(endpoint.params && { path: endpoint.params }), ...(endpoint.query && { query: endpoint.query }) },
    }),
    responses: {
      "200": { description: success.description, ...body },
      ...(endpoint.audience === "public" && { "304": notModified }),
      ...ownRefusals,
    },
  };
}
