/**
 * `npm start`: the production server. Next.js answers every request except the hot paths served here
 * directly, because Next's router costs more per request than a whole client_credentials grant
 * (decision 0008): POST /oauth/token (every app and API client), the sign-in forms every member posts,
 * POST /auth/sign-in, /auth/passkey/options and /auth/passkey/sign-in, and the lobby kiosks' Sunday burst,
 * POST /api/v1/kiosk/households, /check-ins and /check-outs (issue 19's bench/check-in.ts), and GET and HEAD
 * of the public calendar: the feed, its .ics, an event's detail and .ics (issue 20, decision 0029).
 * The code behind them is the very code the Next routes run in `next dev` and on Vercel:
 * lib/http/token-endpoint.ts and the routes' own handlers.
 *
 * Every request, whoever answers it (decision 0015):
 * - gets a request id (a well-formed X-Request-Id from a proxy in front is kept), passed on to Next in the
 *   request's own header, set on the answer's X-Request-Id, and bound to every log line written while it is
 *   served (lib/log/json-log.ts);
 * - gets the security headers (lib/http/security-headers.ts) as defaults that Next's own may override: a
 *   page's nonce-based policy comes from proxy.ts;
 * - is written to the access log as one JSON line: method, path without the query and without the secret
 *   of a route that carries one in its URL (lib/log/redact-path.ts: the private feed's token), status, duration;
 * - gets its client's address decided here, where the socket is known (lib/http/client-address.ts, by
 *   TRUSTED_PROXIES), in a request header of ours that every route reads and no client can set: whatever a
 *   client sent in it is overwritten.
 *
 * Bundled by scripts/build-server.ts into .next-server/main.mjs (our lib code inlined, packages external).
 */
import http from "node:http";
import next from "next";
import { NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, RSC_HEADER } from "next/dist/client/components/app-router-headers.js";
import type { NextRequest } from "next/server";
import { ConfigError, env } from "../lib/env.ts";
import type { CalendarGetHandler, CalendarRequest } from "../lib/http/calendar.ts";
import { calendarEndpointOf } from "../lib/http/calendar-endpoint-route.ts";
import { oauthEndpointOf } from "../lib/http/oauth-endpoint-route.ts";
import { matchCalendarGet, type CalendarFastRoute } from "../lib/http/calendar-fast-path.ts";
import { announceCustomServer, CLIENT_ADDRESS_HEADER, resolveClientAddress } from "../lib/http/client-address.ts";
import { describeTrustedProxies } from "../lib/kernel/trusted-proxies.ts";
import { malformedTargetAnswer } from "../lib/http/malformed-target.ts";
import { calendarErrorAnswer } from "../lib/http/errors/calendar-error-answer.ts";
import { identityErrorAnswer } from "../lib/http/errors/identity-error-answer.ts";
import { oauthErrorAnswer } from "../lib/http/errors/oauth-error-answer.ts";
import { MAX_OAUTH_FORM_BYTES, oauthFailure, type HeaderReader, type PlainResponse } from "../lib/http/oauth.ts";
import { MAX_FORM_BODY_BYTES, MAX_JSON_BODY_BYTES } from "../lib/http/read-body.ts";
import { REQUEST_ID_HEADER, requestIdFor } from "../lib/http/request-id.ts";
import { API_CONTENT_SECURITY_POLICY, EMBED_FRAME_PATH, HSTS_VALUE, STATIC_SECURITY_HEADERS, wantsHsts } from "../lib/http/security-headers.ts";
import { describeError, logLine, runWithRequestId } from "../lib/log/json-log.ts";
import { answerParserRefusals } from "./parser-refusals.ts";
import { OAuthError } from "../lib/oauth/errors.ts";
import { answerTokenRequest } from "../lib/http/token-endpoint.ts";

const port = Number(process.env.PORT ?? 3000);
// HOST, not HOSTNAME: shells and containers export HOSTNAME as the machine's own name.
const hostname = process.env.HOST ?? "0.0.0.0";

function headerReader(request: http.IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}

/**
 * Collects a request body up to `limit` bytes. Past it, reading stops at once (Content-Length is not
 * trusted) and `done` gets what arrived with `complete` false; the answer then closes the connection.
 */
function collectBody(request: http.IncomingMessage, limit: number, done: (body: Buffer<ArrayBuffer>, complete: boolean) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (complete: boolean) => {
    if (settled) return;
    settled = true;
    request.off("data", onData);
    request.off("end", onEnd);
    if (!complete) request.pause();
    done(Buffer.concat(chunks), complete);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    chunks.push(chunk);
    if (size > limit) settle(false);
  };
  const onEnd = () => settle(true);
  if (Number(request.headers["content-length"] ?? 0) > limit) {
    settle(false);
    return;
  }
  request.on("data", onData);
  request.on("end", onEnd);
  request.on("error", () => settle(false));
}

function writePlain(response: http.ServerResponse, answer: PlainResponse, closeConnection: boolean): void {
  response.writeHead(answer.status, {
    ...answer.headers,
    "Content-Length": Buffer.byteLength(answer.body),
    ...(closeConnection && { Connection: "close" }),
  });
  response.end(answer.body);
}

/** The token endpoint's path, taken from the definition its route was made from, which must say fastPath. */
function fastOAuthPath(handler: unknown): string {
  const endpoint = oauthEndpointOf(handler);
  if (!endpoint?.fastPath) throw new Error(`server/main.ts serves an OAuth POST whose definition does not say fastPath: ${endpoint?.path ?? "no definition"}`);
  return endpoint.path;
}
const { POST: tokenPost } = await import("../app/oauth/token/route.ts");
const TOKEN_PATH = fastOAuthPath(tokenPost);

function serveToken(request: http.IncomingMessage, response: http.ServerResponse): void {
  collectBody(request, MAX_OAUTH_FORM_BYTES, (body, complete) => {
    if (!complete) {
      writePlain(response, oauthFailure(new OAuthError("invalid_request", "the request body is too large (at most 16 KiB)"), TOKEN_PATH), true);
      return;
    }
    answerTokenRequest(headerReader(request), body.toString("utf8")).then(
      (answer) => writePlain(response, answer, false),
      () => writePlain(response, oauthErrorAnswer("server_error", "unexpected error", 500), false),
    );
  });
}

/** The headers and absolute URL of a Node request, for the NextRequest a route handler of ours is given. */
function webRequestParts(request: http.IncomingMessage): { headers: Headers; url: string } {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return { headers, url: `http://${request.headers.host ?? "localhost"}${request.url ?? "/"}` };
}

/** A route handler of ours served outside Next's router, and the body size its own reader allows. */
interface FastRoute {
  handler: (request: NextRequest) => Promise<Response>;
  maxBodyBytes: number;
}

/** Runs a route handler of ours outside Next's router: IncomingMessage in, its Response written out. */
function serveRouteHandler(route: FastRoute, request: http.IncomingMessage, response: http.ServerResponse): void {
  // An oversized body is cut just past the limit (or not read at all when Content-Length says so, which
  // stays on the headers); either way the handler's own reader (lib/http/read-body.ts) refuses it.
  collectBody(request, route.maxBodyBytes, (body, complete) => {
    const { headers, url } = webRequestParts(request);
    const run = async () => {
      const answer = await route.handler(new nextServer.NextRequest(url, { method: request.method, headers, body: body }));
      await writeAnswer(response, answer, !complete);
    };
    run().catch((error: unknown) => {
      logLine("error", "unexpected error", { route: request.url?.split("?")[0], ...describeError(error) });
      // The forms' JSON shape is the identity surface's, as the API's is.
      const answer = identityErrorAnswer("server_error", "unexpected error", 500);
      if (!response.headersSent) response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
}

/** A route handler's Response written out whole, with its length. */
async function writeAnswer(response: http.ServerResponse, answer: Response, closeConnection: boolean): Promise<void> {
  const out: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  const answerBody = Buffer.from(await answer.arrayBuffer());
  out["content-length"] = String(answerBody.length);
  if (closeConnection) out.connection = "close";
  response.writeHead(answer.status, out);
  response.end(answerBody);
}

/** What Next's router sets on every App Router answer (base-server.ts setVaryHeader), so the calendar's answers are the same either way. */
const NEXT_APP_VARY = { vary: `${RSC_HEADER}, ${NEXT_ROUTER_STATE_TREE_HEADER}, ${NEXT_ROUTER_PREFETCH_HEADER}, ${NEXT_ROUTER_SEGMENT_PREFETCH_HEADER}` };

/**
 * Answers ready in this turn of the event loop, written together once every request that arrived with them
 * has been read (setImmediate runs after the poll phase). A cached answer is ready within the turn that read
 * its request; written at once, each one wakes its client apart, and on a busy machine the server and its
 * clients then take turns on the CPU for every single answer. Written together, as the answers that share
 * one version read on PostgreSQL already are, the embedded database's warm feed went from 5,980 to about
 * 9,000 requests/s on 2 cores (decision 0029). The wait is at most one turn of the loop.
 */
const pendingWrites: { response: http.ServerResponse; write: () => void }[] = [];
function writeSoon(response: http.ServerResponse, write: () => void): void {
  pendingWrites.push({ response, write });
  if (pendingWrites.length > 1) return;
  setImmediate(() => {
    for (const pending of pendingWrites.splice(0)) {
      try {
        pending.write();
      } catch (error) {
        // Outside any request's promise now: one answer that cannot be written must not stop the others, and
        // its client must not wait for it until the connection times out.
        logLine("error", "unexpected error", { route: pending.response.req.url?.split("?")[0], ...describeError(error) });
        pending.response.destroy();
      }
    }
  });
}

/**
 * The calendar route's view of a request (lib/http/calendar.ts), read off Node's instead of made into a
 * NextRequest. The targets served here are origin-form paths (calendar-fast-path.ts), so the URL needs no host
 * to parse and comes out as Next's nextUrl would: there is no basePath or locale to take off.
 */
function calendarRequest(request: http.IncomingMessage): CalendarRequest {
  return { nextUrl: new URL(request.url ?? "/", "http://localhost"), headers: headerReader(request) };
}

/**
 * Runs a public calendar GET handler outside Next's router, for GET and HEAD (the routes export no HEAD:
 * Next answers it with GET's handler, and Node leaves out the body). The request has no body to read. The
 * handler's `plain` form is called (lib/http/calendar.ts): the same code up to the Web Response Next would
 * stream, whose making and reading back cost more than a cached answer (decision 0029).
 */
function serveCalendarGet(handler: CalendarGetHandler, params: Record<string, string>, request: http.IncomingMessage, response: http.ServerResponse): void {
  const run = async () => {
    const answer = await handler.plain(calendarRequest(request), { params: Promise.resolve(params) });
    writeSoon(response, () => {
      // A 304 carries neither body nor length, as Next writes it.
      response.writeHead(answer.status, {
        ...NEXT_APP_VARY,
        ...answer.headers,
        ...(answer.status !== 304 && { "Content-Length": answer.body.length }),
      });
      response.end(answer.status === 304 ? undefined : answer.body);
    });
  };
  run().catch((error: unknown) => {
    logLine("error", "unexpected error", { route: request.url?.split("?")[0], ...describeError(error) });
    const answer = calendarErrorAnswer(500, "internal error");
    if (!response.headersSent) response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
}

/** Static assets are many per page view and never interesting; everything else is logged. */
function logged(path: string): boolean {
  return !path.startsWith("/_next/");
}

/** Answers written by this server itself rather than Next: the access log says so (`"fastPath": true`). */
const servedHere = new WeakSet<http.ServerResponse>();

/** One JSON line per request once its answer is sent (or the client went away). Never the query string; logLine redacts the path. */
function logAccess(request: http.IncomingMessage, response: http.ServerResponse, requestId: string, started: number): void {
  const path = (request.url ?? "/").split("?")[0]!.slice(0, 256);
  if (!logged(path)) return;
  let written = false;
  const write = (aborted: boolean) => {
    if (written) return;
    written = true;
    logLine("info", "request", {
      requestId,
      method: request.method,
      path,
      status: response.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(servedHere.has(response) && { fastPath: true }),
      ...(aborted && { aborted: true }),
    });
  };
  response.once("finish", () => write(false));
  response.once("close", () => write(!response.writableFinished));
}

const app = next({ dev: false, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();
// Only after prepare(): Next loads .env files there, and the configuration is read from them.
try {
  env();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\nSee .env.example for every variable.\n`);
    process.exit(1);
  }
  throw error;
}
const trustedProxies = env().TRUSTED_PROXIES;
// From now on every request carries the address decided below; route code believes only that.
announceCustomServer();

/** Set on every answer before anyone else writes; Next's own headers (a page's CSP) replace them. */
const defaultHeaders: Record<string, string> = {
  ...STATIC_SECURITY_HEADERS,
  "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
  ...(wantsHsts(env().BASE_URL, process.env.NODE_ENV) && { "Strict-Transport-Security": HSTS_VALUE }),
};

// Only now: next/server needs the AsyncLocalStorage that Next's start-up installs.
const nextServer = await import("next/server");
const { POST: signInPost } = await import("../app/auth/sign-in/route.ts");
const { POST: passkeyOptionsPost } = await import("../app/auth/passkey/options/route.ts");
const { POST: passkeySignInPost } = await import("../app/auth/passkey/sign-in/route.ts");
const { endpointOf } = await import("../lib/http/endpoint-route.ts");
const { POST: kioskHouseholdsPost } = await import("../app/api/v1/kiosk/households/route.ts");
const { POST: kioskCheckInsPost } = await import("../app/api/v1/kiosk/check-ins/route.ts");
const { POST: kioskCheckOutsPost } = await import("../app/api/v1/kiosk/check-outs/route.ts");
/**
 * An /api/v1 operation served here: its path is its definition's, which must say `fastPath` (so the OpenAPI
 * document and lib/http/fast-path-routes.test.ts know it). A route without parameters: Next would hand it empty params.
 */
function fastEndpoint(handler: typeof kioskCheckInsPost): [string, FastRoute] {
  const endpoint = endpointOf(handler);
  if (!endpoint?.fastPath) throw new Error(`server/main.ts serves a POST whose definition does not say fastPath: ${endpoint?.path ?? "no definition"}`);
  return [endpoint.path, { handler: (request: NextRequest) => handler(request, { params: Promise.resolve({}) }), maxBodyBytes: MAX_JSON_BODY_BYTES }];
}
/**
 * The POST routes served here, before Next's router, by exact path (no query string, as their clients
 * send them): the sign-in forms, every member's way in (a passkey takes two requests), and the kiosk API's
 * scan, check-in and check-out, a lobby's Sunday burst (docs/decisions/0023). Their other methods (405s)
 * and every other route stay with Next.
 */
const FAST_POST_ROUTES = new Map<string, FastRoute>([
  ["/auth/sign-in", { handler: signInPost, maxBodyBytes: MAX_FORM_BODY_BYTES }],
  ["/auth/passkey/options", { handler: passkeyOptionsPost, maxBodyBytes: MAX_FORM_BODY_BYTES }],
  ["/auth/passkey/sign-in", { handler: passkeySignInPost, maxBodyBytes: MAX_FORM_BODY_BYTES }],
  fastEndpoint(kioskHouseholdsPost),
  fastEndpoint(kioskCheckInsPost),
  fastEndpoint(kioskCheckOutsPost),
]);

/** A calendar GET served here, refused at start-up unless its definition says fastPath (lib/calendar/public-endpoints.ts). */
function fastCalendarGet(handler: CalendarGetHandler): CalendarGetHandler {
  const endpoint = calendarEndpointOf(handler);
  if (!endpoint?.fastPath) throw new Error(`server/main.ts serves a calendar GET whose definition does not say fastPath: ${endpoint?.path ?? "no definition"}`);
  return handler;
}
const { GET: upcomingGet } = await import("../app/api/calendar/events/upcoming/route.ts");
const { GET: upcomingIcsGet } = await import("../app/api/calendar/events/upcoming.ics/route.ts");
const { GET: eventGet } = await import("../app/api/calendar/events/[eventId]/route.ts");
const { GET: eventIcsGet } = await import("../app/api/calendar/events/[eventId]/calendar.ics/route.ts");
/**
 * GET and HEAD of the public calendar, every embed's and calendar app's request, served here before Next's
 * router (decision 0029): the targets lib/http/calendar-fast-path.ts matches, query strings included. Their
 * other methods, OPTIONS, and every target spelled another way stay with Next, whose routes run the same handlers.
 */
const FAST_CALENDAR_GETS: Record<CalendarFastRoute, CalendarGetHandler> = {
  upcoming: fastCalendarGet(upcomingGet),
  upcomingIcs: fastCalendarGet(upcomingIcsGet),
  event: fastCalendarGet(eventGet),
  eventIcs: fastCalendarGet(eventIcsGet),
};
/**
 * For the e2e spec that compares both ways of answering (e2e/api/calendar-fast-path.spec.ts): with
 * CALENDAR_FAST_PATH_TEST_SWITCH=1 at start-up, a request carrying `x-calendar-fast-path: off` goes to Next.
 * Read once here; unset (every deployment), the header means nothing.
 */
const fastPathSwitch = process.env.CALENDAR_FAST_PATH_TEST_SWITCH === "1";

const server = http.createServer((request, response) => {
  const started = performance.now();
  const requestId = requestIdFor(headerReader(request));
  // Next, proxy.ts and the route wrappers read the id from here; a client's malformed one is gone.
  request.headers[REQUEST_ID_HEADER] = requestId;
  // The client's address, by TRUSTED_PROXIES and the socket; a client's own value of this header is replaced
  // or removed, never passed on.
  const clientAddress = resolveClientAddress(headerReader(request), request.socket.remoteAddress ?? null, trustedProxies);
  if (clientAddress) request.headers[CLIENT_ADDRESS_HEADER] = clientAddress;
  else delete request.headers[CLIENT_ADDRESS_HEADER];
  for (const [name, value] of Object.entries(defaultHeaders)) response.setHeader(name, value);
  // The widget's iframe page is the one page any site may frame (docs/decisions/0028): its own policy
  // (frame-ancestors *, from proxy.ts) says so, and an old browser reading X-Frame-Options would refuse it.
  if (request.url?.split("?")[0] === EMBED_FRAME_PATH) response.removeHeader("X-Frame-Options");
  response.setHeader("X-Request-Id", requestId);
  logAccess(request, response, requestId, started);
  // A target Next cannot route (raw bytes, broken percent-escapes) gets a 400 in its surface's shape here;
  // Next would answer an empty 400 or a plain-text 500.
  const malformed = malformedTargetAnswer(request.url ?? "/");
  if (malformed) {
    writePlain(response, malformed, false);
    return;
  }
  runWithRequestId(requestId, () => {
    if (request.method === "POST" && (request.url === TOKEN_PATH || request.url?.startsWith(`${TOKEN_PATH}?`))) {
      servedHere.add(response);
      serveToken(request, response);
      return;
    }
    const fastRoute = request.method === "POST" && request.url ? FAST_POST_ROUTES.get(request.url) : undefined;
    if (fastRoute) {
      servedHere.add(response);
      serveRouteHandler(fastRoute, request, response);
      return;
    }
    const calendarGet = (request.method === "GET" || request.method === "HEAD") && request.url ? matchCalendarGet(request.url) : null;
    if (calendarGet && !(fastPathSwitch && request.headers["x-calendar-fast-path"] === "off")) {
      servedHere.add(response);
      serveCalendarGet(FAST_CALENDAR_GETS[calendarGet.route], calendarGet.params, request, response);
      return;
    }
    void handle(request, response);
  });
});
answerParserRefusals(server, defaultHeaders);
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  console.log(`  Client addresses: trusted proxies ${describeTrustedProxies(trustedProxies)} (TRUSTED_PROXIES)`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
