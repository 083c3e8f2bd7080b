import "server-only";
import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { readCalendarVersion } from "../calendar/calendar-version.ts";
import { CalendarError } from "../calendar/errors.ts";
import { nextStatusChangeAfter } from "../calendar/event-status.ts";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { isUnstorableText } from "../db/unstorable-text.ts";
import { env } from "../env.ts";
import type { HeaderReader } from "../kernel/header-reader.ts";
import { CALENDAR_CORS_HEADERS, calendarErrorAnswer } from "./errors/calendar-error-answer.ts";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { JSON_CONTENT_TYPE, toResponse, type PlainResponse } from "./plain-response.ts";
import { ResponseCache } from "./response-cache.ts";

/**
 * The one wrapper of every calendar route (STYLE.md convention 2): public and embeddable (CORS *),
 * CDN-friendly caching with ETag and 304, and every failure rendered as a CalendarError. It holds the
 * only try/catch: an unexpected error becomes a generic 500 and is logged with a request id, never echoed.
 */

const CORS_HEADERS = CALENDAR_CORS_HEADERS;

export { JSON_CONTENT_TYPE };

export interface CalendarRouteResult {
  body: string;
  contentType: string;
}

type RouteParams = Record<string, string | string[] | undefined>;

/**
 * What a calendar route reads of its request: the path, the query and headers. A NextRequest is one; `npm
 * start`'s server hands its own, read straight off Node's request, since making a Fetch Request and its
 * headers cost about a seventh of an uncached page's CPU and most of a cached one's (decision 0029).
 */
export interface CalendarRequest {
  readonly nextUrl: { readonly pathname: string; readonly searchParams: URLSearchParams };
  readonly headers: HeaderReader;
}

type Load = (request: CalendarRequest, params: RouteParams, database: Database) => Promise<CalendarRouteResult>;

const cache = new ResponseCache(2000);
const NO_BODY = Buffer.alloc(0);

/**
 * Browsers revalidate every time (max-age=0; a 304 from our version-checked cache is cheap), so a change
 * staff publish shows on the next reload. CDNs may keep an answer for s-maxage: the one cache a write
 * cannot reach, bounded by CALENDAR_CACHE_SECONDS (docs/decisions/0017-staff-management.md).
 */
function cacheControl(seconds: number): string {
  return seconds > 0
    ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 10}`
    : "public, max-age=0, must-revalidate";
}

function entityTag(body: Buffer<ArrayBuffer>): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** RFC 9110 If-None-Match: a list of tags (weak comparison) or "*". */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function errorAnswer(statusCode: number, message: string, details?: string[]): PlainResponse {
  // A missing event may be created soon; a malformed request never becomes valid.
  const headers: Record<string, string> = statusCode === 404 ? { "Cache-Control": cacheControl(Math.min(env().CALENDAR_CACHE_SECONDS, 30)) } : {};
  return calendarErrorAnswer(statusCode, message, { details, headers });
}

function renderError(error: unknown, request: CalendarRequest): PlainResponse {
  if (error instanceof CalendarError) return errorAnswer(error.statusCode, error.message, error.details);
  if (error instanceof ZodError) {
    const messages = [...new Set(error.issues.map((issue) => issue.message))];
    return errorAnswer(400, messages[0] ?? "invalid request", messages);
  }
  if (isUnstorableText(error)) return errorAnswer(400, "a parameter holds a character that is not allowed");
  if (isDatabaseUnavailable(error)) {
    // The database is not answering: a passing fault, so 503 with Retry-After, never cached (decision 0016).
    return calendarErrorAnswer(503, "the calendar is briefly unavailable; try again", { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  const requestId = logUnexpectedError(request.nextUrl.pathname, error, request.headers);
  return calendarErrorAnswer(500, "internal error", { headers: { "X-Request-Id": requestId } });
}

/**
 * A calendar answer before it is written. Its body is bytes, encoded once when the answer is made (and kept
 * so in the cache): a warm page written as a string was encoded to UTF-8 again on every request (decision 0029).
 */
export interface CalendarAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer<ArrayBuffer>;
}

function encoded(answer: PlainResponse): CalendarAnswer {
  return { ...answer, body: Buffer.from(answer.body) };
}

/** A calendar answer as the Web Response Next writes; a 304 has no body (the Response constructor refuses one). */
function asResponse(answer: CalendarAnswer): Response {
  return new Response(answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
}

function cacheKey(request: CalendarRequest): string {
  const params = [...request.nextUrl.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${request.nextUrl.pathname}?${new URLSearchParams(params).toString()}`;
}

type RouteContext = { params: Promise<RouteParams> };

/**
 * A public calendar GET handler. `plain` is the same handler answering before its Web Response is made:
 * what `npm start`'s server writes itself when it serves the route before Next's router (server/main.ts,
 * decision 0029), since building a Response and reading its body back costs more than the cached answer.
 */
export type CalendarGetHandler = ((request: NextRequest, context: RouteContext) => Promise<Response>) & {
  plain: (request: CalendarRequest, context: RouteContext) => Promise<CalendarAnswer>;
};

/** Wraps a loader into a GET handler with the calendar surface's headers, caching and errors. */
export function calendarRoute(load: Load): CalendarGetHandler {
  async function plain(request: CalendarRequest, context: RouteContext): Promise<CalendarAnswer> {
    try {
      const seconds = env().CALENDAR_CACHE_SECONDS;
      const database = await openDatabase();
      // Keyed by the calendar's version (bumped in PostgreSQL by every write): an entry never outlives a change.
      const version = seconds > 0 ? await readCalendarVersion(database) : "";
      // No version, no cache (CALENDAR_CACHE_SECONDS=0): then the key is not even made.
      const key = version ? `${version}:${cacheKey(request)}` : "";
      let entry = key ? cache.get(key) : undefined;
      if (!entry) {
        // Kept no later than the next whole minute after the answer was begun: an event's status and its place
        // in the feed change only then (lib/calendar/event-status.ts).
        const begun = Date.now();
        const result = await load(request, await context.params, database);
        const body = Buffer.from(result.body);
        entry = { body, contentType: result.contentType, etag: entityTag(body), expiresAt: Math.min(begun + seconds * 1000, nextStatusChangeAfter(begun)) };
        if (key) cache.set(key, entry);
      }
      const headers = { ...CORS_HEADERS, "Cache-Control": cacheControl(seconds), ETag: entry.etag };
      if (matchesIfNoneMatch(request.headers.get("if-none-match"), entry.etag)) {
        return { status: 304, headers, body: NO_BODY };
      }
      return { status: 200, headers: { ...headers, "Content-Type": entry.contentType }, body: entry.body };
    } catch (error) {
      return encoded(renderError(error, request));
    }
  }
  const GET = async (request: NextRequest, context: RouteContext): Promise<Response> => asResponse(await plain(request, context));
  return Object.assign(GET, { plain });
}

/**
 * The wrapper of a private calendar route (the member's schedule feed, docs/decisions/0025): the address holds
 * the credential, so nothing is cached anywhere (`private, no-store`), no other origin reads it, it is not
 * indexed, and no referrer carries it. Errors are the surface's CalendarError, uncached as well.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" } as const;

export function privateCalendarRoute(load: Load) {
  return async function GET(request: NextRequest, context: { params: Promise<RouteParams> }): Promise<Response> {
    let response: Response;
    try {
      const result = await load(request, await context.params, await openDatabase());
      response = new Response(result.body, { status: 200, headers: { "Content-Type": result.contentType } });
    } catch (error) {
      response = toResponse(renderError(error, request));
      for (const name of Object.keys(CORS_HEADERS)) response.headers.delete(name);
    }
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) response.headers.set(name, value);
    return response;
  };
}

/** CORS preflight for the calendar routes. */
export function calendarPreflight(): Response {
  return new Response(null, { status: 204, headers: { ...CORS_HEADERS, "Access-Control-Max-Age": "86400" } });
}

/** A calendar error answered without a loader (e.g. a path with no event id). */
export function calendarErrorResponse(statusCode: 400 | 404, message: string): Response {
  return toResponse(errorAnswer(statusCode, message));
}

/**
 * The query parameters a schema knows, each at most once, parsed by it. Unknown parameters are ignored
 * (cache-busters are common in embeds); a repeated one is refused rather than guessed.
 */
export function parseQuery<Schema extends z.ZodObject>(request: CalendarRequest, schema: Schema): z.output<Schema> {
  const raw: Record<string, string> = {};
  const repeated: string[] = [];
  for (const name of Object.keys(schema.shape)) {
    const values = request.nextUrl.searchParams.getAll(name);
    if (values.length > 1) repeated.push(`${name} must be given at most once`);
    if (values[0] !== undefined) raw[name] = values[0];
  }
  if (repeated.length > 0) throw new CalendarError(400, repeated[0] as string, repeated);
  return schema.parse(raw);
}
