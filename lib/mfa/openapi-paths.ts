import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AcknowledgementSchema } from "../identity/schemas.ts";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import { MfaStateSchema, RecoveryCodesSchema, TotpSetupSchema, disableMfaBodySchema, totpCodeBodySchema } from "./schemas.ts";

/** The OpenAPI entries of two-step sign-in (TOTP), spread into the document's paths by lib/openapi/document.ts. */

const tooManyWrongCodes = {
  ...identityError("`too_many_requests`: too many wrong codes for this account (shared with sign-in's second step) or from this IP."),
  headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
};

export const mfaPaths = {
  "/api/v1/users/me/mfa": {
    get: {
      tags: ["security"],
      operationId: "getMyMfa",
      summary: "Whether TOTP is off, set up but unconfirmed, or on",
      description: "Needs permission `profile:read`. When on: since when, and how many recovery codes are unused.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The member's second factor.", content: { "application/json": { schema: MfaStateSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
    delete: {
      tags: ["security"],
      operationId: "disableMfa",
      summary: "Turn TOTP off",
      description:
        "Needs permission `profile:write`. `code` is the current 6-digit code (each accepted once) or an unused recovery code. " +
        "Deletes the secret and every recovery code.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: disableMfaBodySchema } } },
      responses: {
        "200": { description: "TOTP is off.", content: { "application/json": { schema: AcknowledgementSchema } } },
        "400": identityError("`invalid_request`: malformed body, or a code that is wrong, already used or too old."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: TOTP is not on."),
        "429": tooManyWrongCodes,
      },
    },
  },
  "/api/v1/users/me/mfa/setup": {
    post: {
      tags: ["security"],
      operationId: "setUpMfa",
      summary: "TOTP enrolment, step 1: a new pending secret",
      description:
        "Needs permission `profile:write`. No body. The secret is SHA-1, 6 digits, 30 s, issuer the church's name; show the URL as a QR code. " +
        "Calling again replaces a pending secret; a confirmed one is never replaced.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The pending secret.", content: { "application/json": { schema: TotpSetupSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: TOTP is already on; turn it off first."),
      },
    },
  },
  "/api/v1/users/me/mfa/confirm": {
    post: {
      tags: ["security"],
      operationId: "confirmMfa",
      summary: "TOTP enrolment, step 2: confirm with a current code",
      description:
        "Needs permission `profile:write`. The code must match the pending secret within ±1 step of 30 s. Answers ten one-time " +
        "recovery codes, shown this once (stored hashed); from now on sign-in asks for a TOTP or recovery code.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: totpCodeBodySchema } } },
      responses: {
        "200": { description: "TOTP is on.", content: { "application/json": { schema: RecoveryCodesSchema } } },
        "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or not the current code."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: nothing to confirm (no set-up started, or it was restarted meanwhile), or TOTP is already on."),
        "429": tooManyWrongCodes,
      },
    },
  },
  "/api/v1/users/me/mfa/recovery-codes": {
    post: {
      tags: ["security"],
      operationId: "regenerateRecoveryCodes",
      summary: "A new set of recovery codes",
      description: "Needs permission `profile:write` and the current 6-digit code. Every earlier recovery code stops working.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: totpCodeBodySchema } } },
      responses: {
        "200": { description: "The new codes, shown this once.", content: { "application/json": { schema: RecoveryCodesSchema } } },
        "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or not the current code."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: TOTP is not on."),
        "429": tooManyWrongCodes,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
