import http from "node:http";
import type { Duplex } from "node:stream";
import { ConnectionRequestTargets, targetOfRawRequest, transportRefusal } from "../lib/http/malformed-target.ts";

/**
 * How long a refused connection goes on reading what its client still sends before it is closed (RFC 9112
 * 9.6's lingering close). Long enough for a head over the limit to finish arriving on a busy machine, short
 * enough that a client streaming on regardless holds nothing for long.
 */
export const LINGER_MS = 2_000;

/**
 * Requests Node's HTTP parser refuses before any handler runs (raw bytes in the target, headers over the
 * 16 KB limit, broken framing) get a 400 in the shape of the surface they were meant for instead of Node's
 * empty "400 Bad Request" (found by the hostile-input proof). The connection is closed afterwards, as Node
 * does, but by a lingering close (below).
 *
 * The parser's error carries only the chunk it failed in; headers over the limit span several chunks, so
 * each connection remembers the target of the last request line it saw, to pick the surface's shape. A
 * request line may start anywhere in a chunk: after the tail of the previous request's body on a
 * keep-alive connection (found by the hostile-input proof: the HTML page for an /oauth/introspect refusal),
 * and may be split between two reads (lib/http/malformed-target.ts ConnectionRequestTargets).
 *
 * The close lingers: after the refusal the connection's sending side is closed, and what the client is still
 * sending is read and dropped until it closes its own side or LINGER_MS pass. Closed at once, the connection
 * was reset under the client's remaining writes, and a client told of the reset first never read the refusal
 * (found by the hostile-input proof beside the fault proof: "write EPIPE" for a 30 KB head).
 */
export function answerParserRefusals(server: http.Server, defaultHeaders: Readonly<Record<string, string>>, lingerMs = LINGER_MS): void {
  const requestTargets = new WeakMap<object, ConnectionRequestTargets>();
  const refused = new WeakSet<object>();
  server.on("connection", (socket: Duplex) => {
    const targets = new ConnectionRequestTargets();
    requestTargets.set(socket, targets);
    // Before Node's own parser: it may refuse the very chunk that holds the request line.
    socket.prependListener("data", (chunk: Buffer) => targets.read(chunk));
  });
  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // A refused connection's parser refuses each read that follows: those are the lingering close's to drop.
    if (refused.has(socket) && error.code !== "ECONNRESET") return;
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem = error.code === "HPE_HEADER_OVERFLOW" ? "headers_too_large" : error.code === "HPE_INVALID_URL" ? "malformed_target" : "malformed_request";
    const fromPacket = targetOfRawRequest(error.rawPacket);
    const answer = transportRefusal(fromPacket !== "/" ? fromPacket : (requestTargets.get(socket)?.last ?? "/"), problem);
    const headers = { ...defaultHeaders, ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)), Connection: "close" };
    refused.add(socket);
    socket.end(`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n${answer.body}`);
    // The client's own close ends the connection (the server does not keep half-open ones); this, one that never closes.
    const limit = setTimeout(() => socket.destroy(), lingerMs).unref();
    socket.once("close", () => clearTimeout(limit));
  });
}
