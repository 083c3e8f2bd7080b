import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import {
  MAX_PASSKEYS,
  PasskeyListSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  RemovedPasskeySchema,
  createPasskeyBodySchema,
  renamePasskeyBodySchema,
} from "./schemas.ts";

/** The member's passkeys (docs/decisions/0021): listing, adding in two steps, renaming and removing them. */

const TAGS = ["security"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.mfa, permission, ...(recentSignIn ? { recentSignIn } : {}) });
const ID = "The passkey's id (UUID, from the list).";
const NOT_FOUND = "`not_found`: no such passkey of the member's (someone else's is not found either).";
const WITHOUT_SESSION = "Or a token without a signed-in session.";

export const listMyPasskeys = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/passkeys",
  operationId: "listMyPasskeys",
  summary: "The member's passkeys",
  description: "Needs permission `profile:read`. Oldest first: each passkey's name, when it was added and last used, and whether it is synced. Never key material.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The passkeys.", schema: PasskeyListSchema },
});

export const addPasskey = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/passkeys",
  operationId: "addPasskey",
  summary: "Adding a passkey, step 2: the browser's answer",
  description:
    "Needs permission `profile:write` and a token of a signed-in session (with `sid`). `response` is WebAuthn's RegistrationResponseJSON " +
    "(what `@simplewebauthn/browser` startRegistration answers) to the options of step 1 from the same session; the waiting challenge is used up " +
    "by this call, whatever its outcome. Checked against this service's origin and relying party id, user verification required. " +
    `\`name\` (1–60 characters, trimmed) defaults to the browser and device it was added from. A member may have at most ${MAX_PASSKEYS} passkeys. ` +
    "The member is sent an email that a passkey was added.",
  tags: TAGS,
  access: member("profile:write", true),
  body: createPasskeyBodySchema,
  success: { status: 201, description: "The passkey was added.", schema: PasskeySchema },
  refusals: {
    "400": "`invalid_request`: malformed body; no registration waiting for this session (never started, expired after 5 minutes, or already answered); or an answer that does not verify.",
    "403": WITHOUT_SESSION,
    "409": `\`conflict\`: this passkey is already registered (on any account), or the member already has ${MAX_PASSKEYS}.`,
  },
});

export const startPasskeyRegistration = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/passkeys/registration-options",
  operationId: "startPasskeyRegistration",
  summary: "Adding a passkey, step 1: the options for the browser",
  description:
    "Needs permission `profile:write` and a token of a signed-in session (with `sid`). No body. Answers WebAuthn's PublicKeyCredentialCreationOptionsJSON: " +
    "a discoverable credential (`residentKey: required`) with user verification required, attestation `none`, the member's existing passkeys excluded. " +
    "`user.id` is the member's user handle: the 16 bytes of their account id, base64url. The challenge is bound to the session, single use, and " +
    "valid 5 minutes; asking again replaces it.",
  tags: TAGS,
  access: member("profile:write", true),
  success: { status: 200, description: "The creation options.", schema: PasskeyRegistrationOptionsSchema },
  refusals: {
    "403": WITHOUT_SESSION,
    "409": `\`conflict\`: the member already has ${MAX_PASSKEYS} passkeys, or the account has no email address.`,
  },
});

export const renamePasskey = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/users/me/passkeys/{id}",
  operationId: "renamePasskey",
  summary: "Rename a passkey",
  description: "Needs permission `profile:write`. `name`: 1–60 characters, trimmed.",
  tags: TAGS,
  access: member("profile:write"),
  params: { id: ID },
  body: renamePasskeyBodySchema,
  success: { status: 200, description: "The passkey with its new name.", schema: PasskeySchema },
  refusals: { "400": "`invalid_request`: malformed body.", "404": NOT_FOUND },
});

export const removePasskey = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/passkeys/{id}",
  operationId: "removePasskey",
  summary: "Remove a passkey",
  description: "Needs permission `profile:write`. It stops signing the member in at once; sessions it started are not ended.",
  tags: TAGS,
  access: member("profile:write", true),
  params: { id: ID },
  success: { status: 200, description: "The passkey as it was, `status: removed`.", schema: RemovedPasskeySchema },
  refusals: { "404": NOT_FOUND },
});

/** In the order the OpenAPI document lists them. */
export const passkeyEndpoints = [listMyPasskeys, addPasskey, startPasskeyRegistration, renamePasskey, removePasskey];
