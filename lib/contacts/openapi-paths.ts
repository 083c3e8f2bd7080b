import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AcknowledgementSchema } from "../identity/schemas.ts";
import { CONTACT_CODE_RULES, identityError, invalidTokenResponse, tooManyCodesSent, tooManyContactCodeAttempts } from "../openapi/responses.ts";
import {
  MAX_RECOVERY_CONTACTS,
  PhoneVerificationResultSchema,
  RecoveryContactListSchema,
  RecoveryContactPendingSchema,
  RecoveryContactVerifiedSchema,
  RemovedRecoveryContactSchema,
  contactCodeBodySchema,
  createRecoveryContactBodySchema,
  startPhoneVerificationBodySchema,
} from "./schemas.ts";

/**
 * The OpenAPI entries of recovery contacts and of the member's verified phone number, spread into the
 * document's paths by lib/openapi/document.ts.
 */

const contactIdParam = z.object({ id: z.string().meta({ description: "The recovery contact id (UUID)." }) });

export const recoveryContactPaths = {
  "/api/v1/users/me/recovery-contacts": {
    get: {
      tags: ["recovery"],
      operationId: "listMyRecoveryContacts",
      summary: "The member's recovery contacts, oldest first, values masked",
      description: "Needs permission `profile:read`. Values are masked (`j***@e***.org`, `+44********89`): no answer carries a full address or number.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Every recovery contact of the member.", content: { "application/json": { schema: RecoveryContactListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
    post: {
      tags: ["recovery"],
      operationId: "addRecoveryContact",
      summary: "Add a recovery email address or phone number; a code is sent to it",
      description:
        `Needs permission \`profile:write\`. \`value\` is an email address or an E.164 phone number; the channel is inferred. The contact is \`pending_verification\` ` +
        `until the code sent to it (by email or SMS) comes back through \`/verify\`; only verified contacts are offered by forgot-password. ` +
        `At most ${MAX_RECOVERY_CONTACTS} per member. ${CONTACT_CODE_RULES}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: createRecoveryContactBodySchema } } },
      responses: {
        "201": { description: "Added; a code was sent.", content: { "application/json": { schema: RecoveryContactPendingSchema } } },
        "400": identityError("`invalid_request`: malformed JSON, an unknown field, or a value that is neither an email address nor an E.164 number."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError(
          `\`conflict\`: the value is already one of the member's recovery contacts, is the account's own email address, or the member already has ${MAX_RECOVERY_CONTACTS}.`,
        ),
        "429": tooManyCodesSent,
      },
    },
  },
  "/api/v1/users/me/recovery-contacts/{id}": {
    delete: {
      tags: ["recovery"],
      operationId: "removeRecoveryContact",
      summary: "Remove a recovery contact",
      description: "Needs permission `profile:write`. Password recovery stops offering it at once; a code still out for it stops working. Answers it masked, `status: removed`.",
      security: [{ bearer: [] }],
      requestParams: { path: contactIdParam },
      responses: {
        "200": { description: "The removed contact.", content: { "application/json": { schema: RemovedRecoveryContactSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such recovery contact of this member (someone else's is not found either)."),
      },
    },
  },
  "/api/v1/users/me/recovery-contacts/{id}/verify": {
    post: {
      tags: ["recovery"],
      operationId: "verifyRecoveryContact",
      summary: "Verify a recovery contact with the code sent to it",
      description: `Needs permission \`profile:write\`. ${CONTACT_CODE_RULES}`,
      security: [{ bearer: [] }],
      requestParams: { path: contactIdParam },
      requestBody: { content: { "application/json": { schema: contactCodeBodySchema } } },
      responses: {
        "200": { description: "The contact is verified.", content: { "application/json": { schema: RecoveryContactVerifiedSchema } } },
        "400": identityError(
          "`invalid_request`: `code` is not exactly 6 digits; or a wrong code (`code: is not the code we sent; N tries left`); or an expired one (`code: has expired; ask for a new code`).",
        ),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such recovery contact of this member."),
        "409": identityError("`conflict`: the contact is already verified."),
        "429": tooManyContactCodeAttempts,
      },
    },
  },
  "/api/v1/users/me/recovery-contacts/{id}/resend": {
    post: {
      tags: ["recovery"],
      operationId: "resendRecoveryContactCode",
      summary: "Send a new code to a pending recovery contact",
      description: `Needs permission \`profile:write\`. No body. The earlier code stops working. Rate limited with adding contacts. ${CONTACT_CODE_RULES}`,
      security: [{ bearer: [] }],
      requestParams: { path: contactIdParam },
      responses: {
        "200": { description: "A new code was sent.", content: { "application/json": { schema: RecoveryContactPendingSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: no such recovery contact of this member."),
        "409": identityError("`conflict`: the contact is already verified."),
        "429": tooManyCodesSent,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;

export const phonePaths = {
  "/api/v1/users/me/phone": {
    post: {
      tags: ["recovery"],
      operationId: "startPhoneVerification",
      summary: "Text a code to a phone number to verify it",
      description:
        "Needs permission `profile:write`. `phone` is E.164. The account's phone does not change until the code comes back through " +
        `\`/phone/verify\`. Calling again (same or another number) sends a new code; the earlier one stops working. ${CONTACT_CODE_RULES}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: startPhoneVerificationBodySchema } } },
      responses: {
        "200": { description: "A code was texted.", content: { "application/json": { schema: AcknowledgementSchema } } },
        "400": identityError("`invalid_request`: malformed JSON, an unknown field, or `phone` is not an E.164 number."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "429": tooManyCodesSent,
      },
    },
  },
  "/api/v1/users/me/phone/verify": {
    post: {
      tags: ["recovery"],
      operationId: "verifyPhone",
      summary: "Verify the phone number with the texted code",
      description:
        "Needs permission `profile:write`. The right code makes the number the account's verified phone: the `phone` scope then releases " +
        `\`phone_number\` and \`phone_number_verified: true\` (userinfo). A wrong code with tries left answers \`{ "verified": false }\`. ${CONTACT_CODE_RULES}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: contactCodeBodySchema } } },
      responses: {
        "200": { description: "`verified: true`, or `false` for a wrong code.", content: { "application/json": { schema: PhoneVerificationResultSchema } } },
        "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or the code expired or none was sent (`code: has expired; ask for a new code`)."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "429": tooManyContactCodeAttempts,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
