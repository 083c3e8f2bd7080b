/**
 * Raw HTTP for the proofs: node:http with a keep-alive agent, so a request can carry what fetch refuses to
 * send (bytes that are not UTF-8 in the path, odd methods and header values, bodies in any encoding), and
 * every answer is read whole (capped) with its status, headers and time.
 */
import http from "node:http";
import net from "node:net";
import { MAX_JSON_BODY_BYTES } from "../../../lib/http/read-body.ts";

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent (latin1 bytes; node:http refuses only spaces and control characters). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  milliseconds: number;
  /** Set when no HTTP answer came: connection refused or reset, or the time limit. */
  transportError?: string;
}

const MAX_READ = 1024 * 1024;

export function agentFor(connections: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

export function send(baseUrl: string, request: RawRequest, agent: http.Agent, timeoutMs = 30_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<RawAnswer, "milliseconds">) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, milliseconds: performance.now() - started });
    };
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, "utf8");
    const headers: Record<string, string | number> = { ...request.headers };
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-length")) headers["content-length"] = body.length;
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs });
    } catch (error) {
      done({ status: 0, headers: {}, body: Buffer.alloc(0), transportError: `not sendable: ${(error as Error).message}` });
      return;
    }
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_READ) chunks.push(chunk);
      });
      response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", (error) => done({ status: 0, headers: {}, body: Buffer.alloc(0), transportError: error.message }));
    });
    outgoing.on("timeout", () => {
      outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`));
    });
    outgoing.on("error", (error) => done({ status: 0, headers: {}, body: Buffer.alloc(0), transportError: error.message }));
    outgoing.end(body);
  });
}

/** Runs `task` over `items` with at most `concurrency` at a time; results in input order. */
export async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export function jsonOf(answer: RawAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** No route reads a body larger than this (lib/http/read-body.ts): every one answers such a body early. */
const LARGEST_BODY_READ = MAX_JSON_BODY_BYTES;

/** The answer in raw bytes as far as they go, and whether they hold it whole (its head and Content-Length's bytes). */
function parseRawAnswer(raw: Buffer): { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, split < 0 ? raw.length : split).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "")?.[1] ?? 0);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? -1);
  const rest = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
  return { status, headers, body: length >= 0 ? rest.subarray(0, length) : rest, complete: split >= 0 && length >= 0 && rest.length >= length };
}

/**
 * One request on its own connection, written and read as raw bytes. For a request whose keep-alive attempt
 * ended in a reset: a server may answer a large body early (a refusal before reading it) and close the
 * connection, and node:http then reports the reset instead of the answer it already received (RFC 9112 9.6
 * asks clients to read that answer). Whatever answer arrived is parsed here.
 *
 * A body larger than any the server reads is sent without `Connection: close`: asked to close, the server
 * closed as soon as it had answered while the body was still arriving, and the reset that follows unread data
 * can reach this side before the answer is read (a fuzz run lost one so, under load). Kept open, the server
 * discards the rest of the body, and the answer is complete once its Content-Length has arrived.
 */
export function sendOnFreshConnection(baseUrl: string, request: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (transportError?: string) => {
      if (settled) return;
      settled = true;
      const { status, headers, body: answered } = parseRawAnswer(Buffer.concat(chunks));
      resolve({ status, headers, body: answered, milliseconds: performance.now() - started, ...(status === 0 && { transportError: transportError ?? "no answer" }) });
    };
    const body = request.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, "utf8");
    const keepOpen = body.length > LARGEST_BODY_READ;
    const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => {
      const headers: Record<string, string> = { host: url.host, ...(!keepOpen && { connection: "close" }), ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(body.length);
      const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n`;
      socket.write(Buffer.from(head, "latin1"));
      socket.end(body);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (keepOpen && parseRawAnswer(Buffer.concat(chunks)).complete) {
        finish();
        socket.destroy();
      }
    });
    socket.on("error", (error) => finish(error.message));
    socket.on("close", () => finish());
  });
}
