import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { guardedLookup } from "./guarded-lookup.ts";
import { isPrivateAddress } from "./private-addresses.ts";

/**
 * One outbound POST: a form to an address a client registered (back-channel logout), or JSON to the SMS
 * gateway an operator configured. What makes it safe to point at a URL someone else chose:
 * - the address is judged where the connection is made (a `lookup` that refuses private answers), so a
 *   name that resolves to a public address when checked and a private one when dialled (DNS rebinding)
 *   still cannot reach this host or the network behind it, unless `allowPrivate` (an operator setting);
 * - a redirect is never followed: a 3xx is a failure like any other;
 * - a short timeout, and at most 64 KiB of the answer is read (and then thrown away).
 * Errors name what happened, never the body that was sent (a signed token, a one-time code) nor the answer.
 */
export class OutboundCallError extends Error {
  override name = "OutboundCallError";
  /** The HTTP status of the answer, when there was one (a webhook's delivery log shows it). */
  constructor(message: string, readonly status: number | null = null) {
    super(message);
  }
}

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** What is sent: the body, its type and any other headers (an Authorization). */
export interface OutboundBody {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/**
 * The address to call and the module that calls it: http or https only, and an IP literal judged here (a name
 * is judged where it resolves, by guardedLookup).
 */
export function outboundTarget(url: string, options: OutboundOptions): { target: URL; send: typeof httpRequest } {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throw new OutboundCallError("only http and https addresses are called");
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) !== 0 && !options.allowPrivate && isPrivateAddress(literal)) throw new OutboundCallError("a private or loopback address is refused");
  return { target, send: target.protocol === "https:" ? httpsRequest : httpRequest };
}

/** A timeout, a refused private address or an unreachable host, as an OutboundCallError in words (never the address). */
export function failOnConnectionError(outgoing: ClientRequest, reject: (error: OutboundCallError) => void): void {
  outgoing.on("timeout", () => outgoing.destroy(new OutboundCallError("no answer in time")));
  outgoing.on("error", (error: NodeJS.ErrnoException) => {
    if (error instanceof OutboundCallError) return reject(error);
    reject(new OutboundCallError(error.code === "EPRIVATE" ? "a private or loopback address is refused" : `the address could not be reached (${error.code ?? error.name})`));
  });
}

/** POSTs `form` as application/x-www-form-urlencoded; resolves with the status when it is 2xx, else throws. */
export function postForm(url: string, form: URLSearchParams, options: OutboundOptions): Promise<number> {
  return postOutbound(url, { body: form.toString(), contentType: "application/x-www-form-urlencoded" }, options);
}

/** POSTs `sent`; resolves with the status when it is 2xx, else throws an OutboundCallError. */
export async function postOutbound(url: string, sent: OutboundBody, options: OutboundOptions): Promise<number> {
  const { target, send } = outboundTarget(url, options);
  const body = sent.body;
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: "POST",
        headers: { ...sent.headers, "content-type": sent.contentType, "content-length": Buffer.byteLength(body), accept: "application/json" },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs ?? 5_000,
      },
      (answer: IncomingMessage) => {
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on("end", () => resolve(answer.statusCode ?? 0));
        answer.on("close", () => resolve(answer.statusCode ?? 0));
        answer.on("error", () => resolve(answer.statusCode ?? 0));
      },
    );
    failOnConnectionError(outgoing, reject);
    outgoing.end(body);
  });
  if (status >= 300 && status < 400) throw new OutboundCallError(`answered HTTP ${status}; redirects are not followed`, status);
  if (status < 200 || status >= 300) throw new OutboundCallError(`answered HTTP ${status}`, status);
  return status;
}
