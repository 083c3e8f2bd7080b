/**
 * A response before it is written, so the same code serves Next's routes and the paths server/main.ts
 * answers itself (the token fast path, requests refused before any route runs).
 */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function toResponse(plain: PlainResponse): Response {
  return new Response(plain.body, { status: plain.status, headers: plain.headers });
}
