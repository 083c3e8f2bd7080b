import http from "node:http";
import { POSTGRES_BASE_URL } from "./test-env.ts";

/**
 * One HTTP request written by hand, so a test can send what fetch() would not: a chunked body without
 * Content-Length, a Content-Length that lies, a body larger than the server will read. The server may answer
 * (and close the connection) before the whole body is written; the answer is what counts, a failed write
 * after it is expected.
 */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written before the answer arrived or the connection closed. */
  bytesWritten: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Written in this many chunks of `chunkSize` bytes (chunked transfer unless a Content-Length header is given). */
  chunks: number;
  chunkSize: number;
  /** The byte each chunk is made of; a form field's value, for example. Default `a`. */
  fill?: string;
  /** Written before the chunks, e.g. `value=` or `{"value":"`. */
  prefix?: string;
  baseUrl?: string;
}

export function sendRaw(options: RawRequest): Promise<RawAnswer> {
  const url = new URL(options.path, options.baseUrl ?? POSTGRES_BASE_URL);
  return new Promise((resolve, reject) => {
    let bytesWritten = 0;
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: options.method, headers: { connection: "close", ...options.headers } },
      (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, bytesWritten }));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(options.chunkSize, options.fill ?? "a");
    let sent = 0;
    const writeNext = () => {
      if (answered || request.destroyed) return;
      if (sent === 0 && options.prefix) {
        request.write(options.prefix);
        bytesWritten += Buffer.byteLength(options.prefix);
      }
      if (sent >= options.chunks) {
        request.end();
        return;
      }
      sent += 1;
      bytesWritten += chunk.length;
      // One chunk at a time, so the server can answer between them.
      request.write(chunk, () => setTimeout(writeNext, 2));
    };
    writeNext();
  });
}
