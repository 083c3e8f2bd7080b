import type { ZodOpenApiPathsObject } from "zod-openapi";
import { auditEndpoints } from "../audit/endpoints.ts";
import { staffCalendarEndpoints } from "../calendar/endpoints.ts";
import { publicCalendarEndpoints } from "../calendar/public-endpoints.ts";
import { checkInEndpoints } from "../check-in/endpoints.ts";
import { churchExportEndpoints } from "../church-export/endpoints.ts";
import { churchSettingsEndpoints } from "../church-settings/endpoints.ts";
import { peopleImportEndpoints } from "../people-import/endpoints.ts";
import { calendarImportEndpoints } from "../calendar-import/endpoints.ts";
import { invitationEndpoints } from "../invitations/endpoints.ts";
import { consentEndpoints } from "../consents/endpoints.ts";
import { contactEndpoints } from "../contacts/endpoints.ts";
import { familyEndpoints } from "../families/endpoints.ts";
import { federationEndpoints } from "../federation/endpoints.ts";
import { guardianEndpoints } from "../guardians/endpoints.ts";
import { membershipEndpoints } from "../membership/endpoints.ts";
import { mfaEndpoints } from "../mfa/endpoints.ts";
import { clientEndpoints } from "../oauth/clients/endpoints.ts";
import { passkeyEndpoints } from "../passkeys/endpoints.ts";
import { privacyEndpoints } from "../privacy/endpoints.ts";
import { registrationEndpoints } from "../registrations/endpoints.ts";
import { scheduleEndpoints } from "../schedule/endpoints.ts";
import { subscribeMySchedule } from "../schedule/feed-endpoint.ts";
import { securityLogEndpoints } from "../security-log/endpoints.ts";
import { seriesEndpoints } from "../series/endpoints.ts";
import { setupEndpoints } from "../setup/endpoints.ts";
import { sessionEndpoints } from "../sessions/endpoints.ts";
import { systemEndpoints } from "../system/endpoints.ts";
import { userEndpoints } from "../users/endpoints.ts";
import { webhookEndpoints } from "../webhooks/endpoints.ts";
import { calendarOperationOf, type CalendarEndpoint } from "./calendar-endpoint.ts";
import { operationKey, operationOf, type Endpoint } from "./endpoint.ts";

/**
 * Every endpoint defined once (docs/decisions/0032), by domain. The OpenAPI document, the scope table, the
 * hostile-input proof and the route-file test read this list; a domain's new endpoint is added to its own
 * `endpoints.ts` list, not here.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  ...checkInEndpoints,
  ...privacyEndpoints,
  ...contactEndpoints,
  ...guardianEndpoints,
  ...familyEndpoints,
  ...systemEndpoints,
  ...setupEndpoints,
  ...securityLogEndpoints,
  ...auditEndpoints,
  ...churchExportEndpoints,
  ...sessionEndpoints,
  ...consentEndpoints,
  ...passkeyEndpoints,
  ...mfaEndpoints,
  ...federationEndpoints,
  ...userEndpoints,
  ...webhookEndpoints,
  ...clientEndpoints,
  ...seriesEndpoints,
  ...scheduleEndpoints,
  ...registrationEndpoints,
  ...staffCalendarEndpoints,
  ...membershipEndpoints,
  ...peopleImportEndpoints,
  ...calendarImportEndpoints,
  ...invitationEndpoints,
  ...churchSettingsEndpoints,
];

/** The public calendar's operations and the member's private feed (lib/openapi/calendar-endpoint.ts), in the document's order. */
export const CALENDAR_ENDPOINTS: readonly CalendarEndpoint[] = [subscribeMySchedule, ...publicCalendarEndpoints];

/** The endpoints as OpenAPI paths, in the lists' order: the calendar's first. */
export function endpointPaths(endpoints: readonly Endpoint[] = ENDPOINTS, calendarEndpoints: readonly CalendarEndpoint[] = CALENDAR_ENDPOINTS): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of calendarEndpoints) {
    const item = (paths[endpoint.path] ??= {});
    if (item.get) throw new Error(`${operationKey(endpoint)} is defined twice`);
    item.get = calendarOperationOf(endpoint);
  }
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    if (item[method]) throw new Error(`${operationKey(endpoint)} is defined twice`);
    item[method] = operationOf(endpoint);
  }
  return paths;
}
