/**
 * `npm start`: the production server. Next.js answers every request except POST /oauth/token, which is
 * served here directly: Next's router costs more per request than a whole client_credentials grant, and
 * the token endpoint is the hot path of every app and API client (decision 0008). The endpoint code is the
 * same one the Next route (`next dev`, Vercel) runs: lib/oauth/token/token-endpoint.ts.
 *
 * Bundled by scripts/build-server.ts into .next-server/main.mjs (our lib code inlined, packages external).
 */
import http from "node:http";
import next from "next";
import { tokenEndpoint } from "../lib/oauth/token/token-endpoint.ts";
import { MAX_OAUTH_FORM_BYTES, type HeaderReader } from "../lib/http/oauth.ts";

const port = Number(process.env.PORT ?? 3000);
// HOST, not HOSTNAME: shells and containers export HOSTNAME as the machine's own name.
const hostname = process.env.HOST ?? "0.0.0.0";

/** The headers next.config.ts adds to every Next answer; the fast path adds them itself. */
const FAST_PATH_HEADERS = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" };

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

const app = next({ dev: false, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((request, response) => {
  if (request.method === "POST" && (request.url === "/oauth/token" || request.url?.startsWith("/oauth/token?"))) {
    serveToken(request, response);
    return;
  }
  void handle(request, response);
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
