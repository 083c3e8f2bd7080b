/**
 * Reads a request body up to a limit, stopping as soon as it is passed: a client cannot make the server
 * buffer more than the limit by lying in Content-Length or by sending chunked data without one. A declared
 * length above the limit is refused before reading anything. Every surface turns BodyTooLargeError into its
 * own error (identity `invalid_request`, OAuth `invalid_request`, the forms' "The form is too large.").
 */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const MAX_FORM_BODY_BYTES = 16 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the request body is larger than ${limitBytes} bytes`);
  }
}

/**
 * How long an oversized body is left to arrive (and be dropped) before its stream is cancelled. Under Next's
 * router the request's stream is fed by a loop over Node's IncomingMessage (next/dist/server/body-streams.js);
 * cancelling it makes the loop's next enqueue throw, which destroys the IncomingMessage and with it the
 * socket. Cancelled at once, that raced the refusal itself: a chunk already buffered could cut the
 * connection before the answer was written, and the client saw a reset instead of the error (a CI run's
 * body-limits spec). The answer is written within the same turn of the event loop, so a second is ample;
 * after it the connection is cut, and a client still sending cannot make the server hold more than a second
 * of its body.
 */
export const CANCEL_OVERSIZED_BODY_AFTER_MS = 1000;

function stopReadingSoon(body: ReadableStream<Uint8Array>): void {
  setTimeout(() => void body.cancel().catch(() => undefined), CANCEL_OVERSIZED_BODY_AFTER_MS).unref?.();
}

/** The body as UTF-8 text (invalid sequences replaced, as Request.text() does), at most `maxBytes` long. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (request.body) stopReadingSoon(request.body);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      stopReadingSoon(request.body);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
