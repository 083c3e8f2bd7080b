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

/** The body as UTF-8 text (invalid sequences replaced, as Request.text() does), at most `maxBytes` long. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
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
      await reader.cancel().catch(() => undefined);
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
