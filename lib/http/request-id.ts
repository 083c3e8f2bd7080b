/**
 * The request id: one per request, on the `X-Request-Id` response header and on every log line the request
 * writes. A proxy in front (nginx, a load balancer) may already have given the request one; a well-formed id
 * is kept so both logs can be joined, anything else is replaced, because the value is echoed in a header and
 * written into the log. Pure (no Node-only imports): the custom server, proxy.ts and the route wrappers
 * all use it.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** UUIDs, Vercel's `iad1::abcde-1234…`, nginx's `$request_id` hex, ULIDs: letters, digits and `._:-`. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function acceptRequestId(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return WELL_FORMED.test(trimmed) ? trimmed : null;
}

export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The id of a request: the incoming `X-Request-Id` when well formed, else Vercel's own `x-vercel-id` (so
 * our lines match Vercel's request log), else a new UUID.
 */
export function requestIdFor(headers: { get(name: string): string | null }): string {
  return acceptRequestId(headers.get(REQUEST_ID_HEADER)) ?? acceptRequestId(headers.get("x-vercel-id")) ?? newRequestId();
}
