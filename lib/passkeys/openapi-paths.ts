import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse } from "../openapi/responses.ts";
import {
  MAX_PASSKEYS,
  PasskeyListSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  RemovedPasskeySchema,
  createPasskeyBodySchema,
  renamePasskeyBodySchema,
} from "./schemas.ts";

/** The OpenAPI entries of the member's passkeys (docs/decisions/0021), spread into the document's paths by lib/openapi/document.ts. */

const idParameter = { path: z.object({ id: z.string().meta({ description: "The passkey's id (UUID, from the list)." }) }) };

export const passkeyPaths = {
  "/api/v1/users/me/passkeys": {
    get: {
      tags: ["security"],
      operationId: "listMyPasskeys",
      summary: "The member's passkeys",
      description: "Needs permission `profile:read`. Oldest first: each passkey's name, when it was added and last used, and whether it is synced. Never key material.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The passkeys.", content: { "application/json": { schema: PasskeyListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
    post: {
      tags: ["security"],
      operationId: "addPasskey",
      summary: "Adding a passkey, step 2: the browser's answer",
      description:
        "Needs permission `profile:write` and a token of a signed-in session (with `sid`). `response` is WebAuthn's RegistrationResponseJSON " +
        "(what `@simplewebauthn/browser` startRegistration answers) to the options of step 1 from the same session; the waiting challenge is used up " +
        "by this call, whatever its outcome. Checked against this service's origin and relying party id, user verification required. " +
        `\`name\` (1–60 characters, trimmed) defaults to the browser and device it was added from. A member may have at most ${MAX_PASSKEYS} passkeys. ` +
        "The member is sent an email that a passkey was added.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: createPasskeyBodySchema } } },
      responses: {
        "201": { description: "The passkey was added.", content: { "application/json": { schema: PasskeySchema } } },
        "400": identityError("`invalid_request`: malformed body; no registration waiting for this session (never started, expired after 5 minutes, or already answered); or an answer that does not verify."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or a token without a signed-in session."),
        "409": identityError(`\`conflict\`: this passkey is already registered (on any account), or the member already has ${MAX_PASSKEYS}.`),
      },
    },
  },
  "/api/v1/users/me/passkeys/registration-options": {
    post: {
      tags: ["security"],
      operationId: "startPasskeyRegistration",
      summary: "Adding a passkey, step 1: the options for the browser",
      description:
        "Needs permission `profile:write` and a token of a signed-in session (with `sid`). No body. Answers WebAuthn's PublicKeyCredentialCreationOptionsJSON: " +
        "a discoverable credential (`residentKey: required`) with user verification required, attestation `none`, the member's existing passkeys excluded. " +
        "`user.id` is the member's user handle: the 16 bytes of their account id, base64url. The challenge is bound to the session, single use, and " +
        "valid 5 minutes; asking again replaces it.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The creation options.", content: { "application/json": { schema: PasskeyRegistrationOptionsSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or a token without a signed-in session."),
        "409": identityError(`\`conflict\`: the member already has ${MAX_PASSKEYS} passkeys, or the account has no email address.`),
      },
    },
  },
  "/api/v1/users/me/passkeys/{id}": {
    patch: {
      tags: ["security"],
      operationId: "renamePasskey",
      summary: "Rename a passkey",
      description: "Needs permission `profile:write`. `name`: 1–60 characters, trimmed.",
      security: [{ bearer: [] }],
      requestParams: idParameter,
      requestBody: { content: { "application/json": { schema: renamePasskeyBodySchema } } },
      responses: {
        "200": { description: "The passkey with its new name.", content: { "application/json": { schema: PasskeySchema } } },
        "400": identityError("`invalid_request`: malformed body."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such passkey of the member's (someone else's is not found either)."),
      },
    },
    delete: {
      tags: ["security"],
      operationId: "removePasskey",
      summary: "Remove a passkey",
      description: "Needs permission `profile:write`. It stops signing the member in at once; sessions it started are not ended.",
      security: [{ bearer: [] }],
      requestParams: idParameter,
      responses: {
        "200": { description: "The passkey as it was, `status: removed`.", content: { "application/json": { schema: RemovedPasskeySchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such passkey of the member's (someone else's is not found either)."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
