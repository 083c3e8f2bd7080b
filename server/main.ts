/**
 * `npm start`: the production server. Next.js answers every request except two hot paths served here
 * directly, because Next's router costs more per request than a whole client_credentials grant
 * (decision 0008): POST /oauth/token (every app and API client) and POST /auth/sign-in (every member).
 * The code behind them is the very code the Next routes run in `next dev` and on Vercel:
 * lib/oauth/token/token-endpoint.ts and the sign-in form's own route handler.
 *
 * Bundled by scripts/build-server.ts into .next-server/main.mjs (our lib code inlined, packages external).
 */
import http from "node:http";
import next from "next";
import type { NextRequest } from "next/server";
import { tokenEndpoint } from "../lib/oauth/token/token-endpoint.ts";
import { malformedTargetAnswer, targetOfRawRequest, transportRefusal } from "../lib/http/malformed-target.ts";
import { MAX_OAUTH_FORM_BYTES, type HeaderReader } from "../lib/http/oauth.ts";

const port = Number(process.env.PORT ?? 3000);
// HOST, not HOSTNAME: shells and containers export HOSTNAME as the machine's own name.
const hostname = process.env.HOST ?? "0.0.0.0";

/** The headers next.config.ts adds to every Next answer; the fast path adds them itself. */
const FAST_PATH_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};
/** Form posts are small; a larger body is cut off here (the form's own checks then refuse it). */
const MAX_FORM_BYTES = 64 * 1024;

function headerReader(request: http.IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}

function serveToken(request: http.IncomingMessage, response: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number(request.headers["content-length"] ?? 0) > MAX_OAUTH_FORM_BYTES;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_OAUTH_FORM_BYTES) tooLarge = true;
    else chunks.push(chunk);
  });
  request.on("error", () => response.destroy());
  request.on("end", () => {
    // An oversized body is cut off and answered by the endpoint's own size check.
    const body = tooLarge ? "x".repeat(MAX_OAUTH_FORM_BYTES + 1) : Buffer.concat(chunks).toString("utf8");
    tokenEndpoint(headerReader(request), body).then(
      (answer) => {
        response.writeHead(answer.status, { ...FAST_PATH_HEADERS, ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
        response.end(answer.body);
      },
      () => {
        response.writeHead(500, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        response.end('{"error":"server_error","error_description":"unexpected error"}');
      },
    );
  });
}

/** Runs a route handler of ours outside Next's router: IncomingMessage in, its Response written out. */
function serveRouteHandler(handler: (request: NextRequest) => Promise<Response>, request: http.IncomingMessage, response: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_FORM_BYTES) chunks.push(chunk);
  });
  request.on("error", () => response.destroy());
  request.on("end", () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    // As Next's own server does: without a proxy's header, the client is the socket's peer (the per-IP
    // attempt limits and the session list need it).
    if (!headers.has("x-forwarded-for") && request.socket.remoteAddress) headers.set("x-forwarded-for", request.socket.remoteAddress);
    const url = `http://${request.headers.host ?? "localhost"}${request.url ?? "/"}`;
    const run = async () => {
      const answer = await handler(new nextServer.NextRequest(url, { method: request.method, headers, body: Buffer.concat(chunks) }));
      const out: Record<string, string | string[]> = { ...FAST_PATH_HEADERS };
      answer.headers.forEach((value, name) => {
        if (name !== "set-cookie") out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      const body = Buffer.from(await answer.arrayBuffer());
      out["content-length"] = String(body.length);
      response.writeHead(answer.status, out);
      response.end(body);
    };
    run().catch(() => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      response.end('{"error":"server_error","error_description":"unexpected error"}');
    });
  });
}

const app = next({ dev: false, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();
// Only now: next/server needs the AsyncLocalStorage that Next's start-up installs.
const nextServer = await import("next/server");
const { POST: signInPost } = await import("../app/auth/sign-in/route.ts");

const server = http.createServer((request, response) => {
  // A target Next cannot route (raw bytes, broken percent-escapes) gets a 400 in its surface's shape here;
  // Next would answer an empty 400 or a plain-text 500.
  const malformed = malformedTargetAnswer(request.url ?? "/");
  if (malformed) {
    response.writeHead(malformed.status, { ...FAST_PATH_HEADERS, ...malformed.headers, "Content-Length": Buffer.byteLength(malformed.body) });
    response.end(malformed.body);
    return;
  }
  if (request.method === "POST" && (request.url === "/oauth/token" || request.url?.startsWith("/oauth/token?"))) {
    serveToken(request, response);
    return;
  }
  if (request.method === "POST" && request.url === "/auth/sign-in") {
    serveRouteHandler(signInPost, request, response);
    return;
  }
  void handle(request, response);
});
// Requests Node's HTTP parser refuses before any handler runs (raw bytes in the target, headers over the
// 16 KB limit, broken framing) get a 400 in the shape of the surface they were meant for instead of Node's
// empty "400 Bad Request" (found by the hostile-input proof). The connection is closed afterwards, as Node does.
// The parser's error carries only the chunk it failed in; headers over the limit span several chunks, so
// each connection remembers the target of the last request line it saw, to pick the surface's shape.
const lastTarget = new WeakMap<object, string>();
server.on("connection", (socket) => {
  // Before Node's own parser: it may refuse the very chunk that holds the request line.
  socket.prependListener("data", (chunk: Buffer) => {
    const first = chunk[0] ?? 0;
    if (first < 0x41 || first > 0x5a) return;
    const target = targetOfRawRequest(chunk);
    if (target !== "/" || chunk.subarray(0, 16).toString("latin1").includes(" / ")) lastTarget.set(socket, target);
  });
});
server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = error.code === "HPE_HEADER_OVERFLOW" ? "headers_too_large" : error.code === "HPE_INVALID_URL" ? "malformed_target" : "malformed_request";
  const fromPacket = targetOfRawRequest(error.rawPacket);
  const answer = transportRefusal(fromPacket !== "/" ? fromPacket : (lastTarget.get(socket) ?? "/"), problem);
  const headers = { ...FAST_PATH_HEADERS, ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)), Connection: "close" };
  socket.end(`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n${answer.body}`);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
