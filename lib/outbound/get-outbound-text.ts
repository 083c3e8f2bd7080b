import type { IncomingMessage } from "node:http";
import { guardedLookup } from "./guarded-lookup.ts";
import { failOnConnectionError, OutboundCallError, outboundTarget, type OutboundOptions } from "./post-outbound.ts";

/**
 * One outbound GET of a text document at an address someone typed (a calendar's iCal address), with the
 * guards of post-outbound.ts: the address judged where the connection is made (no private or loopback
 * address unless the operator allows it), no redirect followed, a timeout, and at most `maxBytes` read: a
 * larger answer is a failure, never a truncated document. Errors name what happened, never the address
 * (it may be a secret one) nor the answer.
 */
export interface GetTextOptions extends OutboundOptions {
  maxBytes: number;
  accept: string;
}

const sizeInWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

export async function getOutboundText(url: string, options: GetTextOptions): Promise<string> {
  const { target, send } = outboundTarget(url, options);
  return new Promise<string>((resolve, reject) => {
    const outgoing = send(
      target,
      { method: "GET", headers: { accept: options.accept }, lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs ?? 15_000 },
      (answer: IncomingMessage) => {
        const status = answer.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          answer.destroy();
          const redirect = status >= 300 && status < 400 ? "; redirects are not followed" : "";
          return reject(new OutboundCallError(`answered HTTP ${status}${redirect}`, status));
        }
        const chunks: Buffer[] = [];
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxBytes) {
            answer.destroy();
            return reject(new OutboundCallError(`the answer is larger than ${sizeInWords(options.maxBytes)}`, status));
          }
          chunks.push(chunk);
        });
        answer.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        answer.on("error", () => reject(new OutboundCallError("the answer was cut off", status)));
      },
    );
    failOnConnectionError(outgoing, reject);
    outgoing.end();
  });
}
