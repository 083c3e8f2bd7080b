import { AcknowledgementSchema } from "../identity/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { CONTACT_CODE_RULES, tooManyCodesSent, tooManyContactCodeAttempts } from "../openapi/responses.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import {
  MAX_RECOVERY_CONTACTS,
  PhoneVerificationResultSchema,
  PhoneVerificationStateSchema,
  RecoveryContactListSchema,
  RecoveryContactPendingSchema,
  RecoveryContactVerifiedSchema,
  RemovedRecoveryContactSchema,
  contactCodeBodySchema,
  createRecoveryContactBodySchema,
  startPhoneVerificationBodySchema,
} from "./schemas.ts";

/** Recovery contacts and the member's verified phone number (docs/decisions/0010). */

const TAGS = ["recovery"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.recovery, permission, ...(recentSignIn ? { recentSignIn } : {}) });
const CONTACT_ID = "The recovery contact id (UUID).";

// ── Recovery contacts ──

export const listMyRecoveryContacts = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/recovery-contacts",
  operationId: "listMyRecoveryContacts",
  summary: "The member's recovery contacts, oldest first, values masked",
  description: "Needs permission `profile:read`. Values are masked (`j***@e***.org`, `+44********89`): no answer carries a full address or number.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "Every recovery contact of the member.", schema: RecoveryContactListSchema },
});

export const addRecoveryContact = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/recovery-contacts",
  operationId: "addRecoveryContact",
  summary: "Add a recovery email address or phone number; a code is sent to it",
  description:
    `Needs permission \`profile:write\`. \`value\` is an email address or an E.164 phone number; the channel is inferred. The contact is \`pending_verification\` ` +
    `until the code sent to it (by email or SMS) comes back through \`/verify\`; only verified contacts are offered by forgot-password. ` +
    `At most ${MAX_RECOVERY_CONTACTS} per member. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write", true),
  body: createRecoveryContactBodySchema,
  success: { status: 201, description: "Added; a code was sent.", schema: RecoveryContactPendingSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, an unknown field, or a value that is neither an email address nor an E.164 number.",
    "409": `\`conflict\`: the value is already one of the member's recovery contacts, is the account's own email address, or the member already has ${MAX_RECOVERY_CONTACTS}.`,
    "429": tooManyCodesSent,
  },
});

export const removeRecoveryContact = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/recovery-contacts/{id}",
  operationId: "removeRecoveryContact",
  summary: "Remove a recovery contact",
  description: "Needs permission `profile:write`. Password recovery stops offering it at once; a code still out for it stops working. Answers it masked, `status: removed`.",
  tags: TAGS,
  access: member("profile:write", true),
  params: { id: CONTACT_ID },
  success: { status: 200, description: "The removed contact.", schema: RemovedRecoveryContactSchema },
  refusals: { "404": "`not_found`: no such recovery contact of this member (someone else's is not found either)." },
});

export const verifyRecoveryContact = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/recovery-contacts/{id}/verify",
  operationId: "verifyRecoveryContact",
  summary: "Verify a recovery contact with the code sent to it",
  description: `Needs permission \`profile:write\`. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write"),
  params: { id: CONTACT_ID },
  body: contactCodeBodySchema,
  success: { status: 200, description: "The contact is verified.", schema: RecoveryContactVerifiedSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits; or a wrong code (`code: is not the code we sent; N tries left`); or an expired one (`code: has expired; ask for a new code`).",
    "404": "`not_found`: no such recovery contact of this member.",
    "409": "`conflict`: the contact is already verified.",
    "429": tooManyContactCodeAttempts,
  },
});

export const resendRecoveryContactCode = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/recovery-contacts/{id}/resend",
  operationId: "resendRecoveryContactCode",
  summary: "Send a new code to a pending recovery contact",
  description: `Needs permission \`profile:write\`. No body. The earlier code stops working. Rate limited with adding contacts. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write"),
  params: { id: CONTACT_ID },
  success: { status: 200, description: "A new code was sent.", schema: RecoveryContactPendingSchema },
  refusals: {
    "404": "`not_found`: no such recovery contact of this member.",
    "409": "`conflict`: the contact is already verified.",
    "429": tooManyCodesSent,
  },
});

// ── The member's phone ──

export const getMyPhoneVerification = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/phone",
  operationId: "getMyPhoneVerification",
  summary: "Whether a code texted to a new number is waiting to be typed back",
  description:
    "Needs permission `profile:read`. `pending` names the number the latest `POST /phone` texted a code to, masked (`+44********89`), and when the code " +
    "expires, while it can still verify the number (not used, not expired, tries left); otherwise `pending` is null. The account's verified number " +
    "is the profile's `phone_number` (`GET /api/v1/users/me`).",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The phone verification under way, if any.", schema: PhoneVerificationStateSchema },
});

export const startPhoneVerification = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/phone",
  operationId: "startPhoneVerification",
  summary: "Text a code to a phone number to verify it",
  description:
    "Needs permission `profile:write`. `phone` is E.164. The account's phone does not change until the code comes back through " +
    `\`/phone/verify\`. Calling again (same or another number) sends a new code; the earlier one stops working. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write", true),
  body: startPhoneVerificationBodySchema,
  success: { status: 200, description: "A code was texted.", schema: AcknowledgementSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, an unknown field, or `phone` is not an E.164 number.",
    "429": tooManyCodesSent,
  },
});

export const verifyPhone = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/phone/verify",
  operationId: "verifyPhone",
  summary: "Verify the phone number with the texted code",
  description:
    "Needs permission `profile:write`. The right code makes the number the account's verified phone: the `phone` scope then releases " +
    `\`phone_number\` and \`phone_number_verified: true\` (userinfo). A wrong code with tries left answers \`{ "verified": false }\`. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write"),
  body: contactCodeBodySchema,
  success: { status: 200, description: "`verified: true`, or `false` for a wrong code.", schema: PhoneVerificationResultSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits, or the code expired or none was sent (`code: has expired; ask for a new code`).",
    "429": tooManyContactCodeAttempts,
  },
});

export const contactEndpoints = [listMyRecoveryContacts, addRecoveryContact, removeRecoveryContact, verifyRecoveryContact, resendRecoveryContactCode, getMyPhoneVerification, startPhoneVerification, verifyPhone];
