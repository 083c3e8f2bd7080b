import { MAX_JSON_BODY_BYTES } from "../http/read-body.ts";
import { ENDPOINTS } from "../openapi/endpoints.ts";

/** Each endpoint with a larger body than the JSON default (a logo, a file of people), as a path pattern. */
const LARGER_BODIES = ENDPOINTS.flatMap((endpoint) =>
  endpoint.maxBodyBytes
    ? [{ method: endpoint.method as string, pattern: new RegExp(`^${endpoint.path.replace(/\{[^}]+\}/g, "[^/]+")}$`), limit: endpoint.maxBodyBytes }]
    : [],
);

/**
 * How much of a body the portal's relay reads before passing it on: the limit of the endpoint it reaches, so a
 * signed-in browser can send a large body only where an endpoint takes one. The API judges it again.
 */
export function relayedBodyLimit(method: string, path: string): number {
  const pathname = path.split("?")[0]!;
  return LARGER_BODIES.find((endpoint) => endpoint.method === method && endpoint.pattern.test(pathname))?.limit ?? MAX_JSON_BODY_BYTES;
}
