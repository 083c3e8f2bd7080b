import type { z } from "zod";
import { calendarErrorSchema } from "../calendar/schemas.ts";
import { identityErrorSchema } from "../identity/schemas.ts";

/**
 * The answers many operations of the OpenAPI document share, in each surface's error shape: the endpoint
 * definitions' operations are built from these (./endpoint.ts, ./calendar-endpoint.ts), and
 * lib/openapi/document.ts adds the ones every operation has (503, the token's scope and step-up).
 */

export const identityError = (description: string) => ({
  description,
  content: { "application/json": { schema: identityErrorSchema } },
});

export const calendarError = (description: string) => ({
  description,
  content: { "application/json": { schema: calendarErrorSchema } },
});

export const jsonResponse = (description: string, schema: z.ZodType) => ({ description, content: { "application/json": { schema } } });

export const invalidTokenResponse = {
  ...identityError("`invalid_token`: missing, malformed, expired, revoked or wrongly-signed access token, or its session has ended."),
  headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" (RFC 6750)', schema: { type: "string" as const } } },
};

/** The rules of the codes sent to a contact (recovery contacts, the phone, a membership record's contact). */
export const CONTACT_CODE_RULES = "Codes: 6 digits, valid 10 minutes, 5 attempts; then dead, and a new one must be sent.";

export const tooManyCodesSent = {
  ...identityError(
    "`too_many_requests`: too many codes sent to this address or number, by this member or from this IP (3 free per address, then 1, 2, 4 … minutes, at most 15).",
  ),
  headers: { "Retry-After": { description: "Seconds until another code may be sent.", schema: { type: "string" as const } } },
};

export const tooManyContactCodeAttempts = {
  ...identityError(
    "`too_many_requests`: the code is dead after 5 wrong attempts (`too many wrong codes; ask for a new code`; Retry-After says when one may be sent), " +
      "or too many wrong codes from this IP.",
  ),
  headers: { "Retry-After": { description: "Seconds until a new code may be asked for (or tried, for the IP limit).", schema: { type: "string" as const } } },
};
