import { AcknowledgementSchema } from "../identity/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { identityError } from "../openapi/responses.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { MfaStateSchema, RecoveryCodesSchema, TotpSetupSchema, disableMfaBodySchema, totpCodeBodySchema } from "./schemas.ts";

/** Two-step sign-in (TOTP): its state, enrolment in two steps, recovery codes, turning it off. */

const TAGS = ["security"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.mfa, permission, ...(recentSignIn ? { recentSignIn } : {}) });

const tooManyWrongCodes = {
  ...identityError("`too_many_requests`: too many wrong codes for this account (shared with sign-in's second step) or from this IP."),
  headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
};

export const getMyMfa = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/mfa",
  operationId: "getMyMfa",
  summary: "Whether TOTP is off, set up but unconfirmed, or on",
  description: "Needs permission `profile:read`. When on: since when, and how many recovery codes are unused.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The member's second factor.", schema: MfaStateSchema },
});

export const disableMfa = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/mfa",
  operationId: "disableMfa",
  summary: "Turn TOTP off",
  description:
    "Needs permission `profile:write`. `code` is the current 6-digit code (each accepted once) or an unused recovery code. " +
    "Deletes the secret and every recovery code.",
  tags: TAGS,
  access: member("profile:write", true),
  body: disableMfaBodySchema,
  success: { status: 200, description: "TOTP is off.", schema: AcknowledgementSchema },
  refusals: {
    "400": "`invalid_request`: malformed body, or a code that is wrong, already used or too old.",
    "409": "`conflict`: TOTP is not on.",
    "429": tooManyWrongCodes,
  },
});

export const setUpMfa = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/mfa/setup",
  operationId: "setUpMfa",
  summary: "TOTP enrolment, step 1: a new pending secret",
  description:
    "Needs permission `profile:write`. No body. The secret is SHA-1, 6 digits, 30 s, issuer the church's name; show the URL as a QR code. " +
    "Calling again replaces a pending secret; a confirmed one is never replaced.",
  tags: TAGS,
  access: member("profile:write", true),
  success: { status: 200, description: "The pending secret.", schema: TotpSetupSchema },
  refusals: { "409": "`conflict`: TOTP is already on; turn it off first." },
});

export const confirmMfa = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/mfa/confirm",
  operationId: "confirmMfa",
  summary: "TOTP enrolment, step 2: confirm with a current code",
  description:
    "Needs permission `profile:write`. The code must match the pending secret within ±1 step of 30 s. Answers ten one-time " +
    "recovery codes, shown this once (stored hashed); from now on sign-in asks for a TOTP or recovery code.",
  tags: TAGS,
  access: member("profile:write", true),
  body: totpCodeBodySchema,
  success: { status: 200, description: "TOTP is on.", schema: RecoveryCodesSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits, or not the current code.",
    "409": "`conflict`: nothing to confirm (no set-up started, or it was restarted meanwhile), or TOTP is already on.",
    "429": tooManyWrongCodes,
  },
});

export const regenerateRecoveryCodes = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/mfa/recovery-codes",
  operationId: "regenerateRecoveryCodes",
  summary: "A new set of recovery codes",
  description: "Needs permission `profile:write` and the current 6-digit code. Every earlier recovery code stops working.",
  tags: TAGS,
  access: member("profile:write", true),
  body: totpCodeBodySchema,
  success: { status: 200, description: "The new codes, shown this once.", schema: RecoveryCodesSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits, or not the current code.",
    "409": "`conflict`: TOTP is not on.",
    "429": tooManyWrongCodes,
  },
});

/** In the order the OpenAPI document lists them. */
export const mfaEndpoints = [getMyMfa, disableMfa, setUpMfa, confirmMfa, regenerateRecoveryCodes];
