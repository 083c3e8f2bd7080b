/**
 * Where the portal's browser code reaches the identity API (through lib/portal-api/relay.ts), and the
 * header that carries the page's CSRF token. Pure: shared by the relay and the browser client.
 */
export const PORTAL_API_PREFIX = "/portal/api/v1";
export const PORTAL_API_CSRF_HEADER = "x-csrf-token";
/** The page puts its CSRF token in `<meta name="csrf-token">` for the browser client to send. */
export const CSRF_META_NAME = "csrf-token";

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** `["users", "me", "mfa"]` → `/api/v1/users/me/mfa`, or null for anything that could leave /api/v1. */
export function upstreamPath(segments: readonly string[]): string | null {
  if (segments.length === 0 || segments.length > 8) return null;
  if (!segments.every((segment) => segment.length <= 128 && SEGMENT.test(segment))) return null;
  return `/api/v1/${segments.join("/")}`;
}
