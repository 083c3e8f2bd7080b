import type { ZodOpenApiPathsObject } from "zod-openapi";
import { staffCalendarEndpoints } from "../calendar/endpoints.ts";
import { checkInEndpoints } from "../check-in/endpoints.ts";
import { membershipEndpoints } from "../membership/endpoints.ts";
import { clientEndpoints } from "../oauth/clients/endpoints.ts";
import { registrationEndpoints } from "../registrations/endpoints.ts";
import { scheduleEndpoints } from "../schedule/endpoints.ts";
import { seriesEndpoints } from "../series/endpoints.ts";
import { webhookEndpoints } from "../webhooks/endpoints.ts";
import { operationKey, operationOf, type Endpoint } from "./endpoint.ts";

/**
 * Every endpoint defined once (docs/decisions/0032), by domain. The OpenAPI document, the scope table, the
 * hostile-input proof and the route-file test read this list; a domain's new endpoint is added to its own
 * `endpoints.ts` list, not here.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  ...checkInEndpoints,
  ...webhookEndpoints,
  ...clientEndpoints,
  ...seriesEndpoints,
  ...scheduleEndpoints,
  ...registrationEndpoints,
  ...staffCalendarEndpoints,
  ...membershipEndpoints,
];

/** The endpoints as OpenAPI paths, in the list's order. */
export function endpointPaths(endpoints: readonly Endpoint[] = ENDPOINTS): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    if (item[method]) throw new Error(`${operationKey(endpoint)} is defined twice`);
    item[method] = operationOf(endpoint);
  }
  return paths;
}
