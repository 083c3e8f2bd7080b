import { PasskeyRegistrationOptionsSchema } from "../passkeys/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { identityError } from "../openapi/responses.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import { INVITATION_DAYS, MAX_INVITED_AT_ONCE } from "./invitation-rules.ts";
import {
  acceptInvitationBodySchema,
  checkInvitationBodySchema,
  InvitationAcceptedSchema,
  InvitationCheckSchema,
  InvitationPageSchema,
  invitationsQuerySchema,
  inviteBodySchema,
  InviteOutcomeSchema,
} from "./schemas.ts";

/** Invitations (issue 40): staff invite the register's people; the link makes their account, linked at once. */
const TAGS = ["admin"] as const;
const READ = { kind: "staff", permission: "membership:read" } as const;
const WRITE = { kind: "staff", permission: "membership:write" } as const;
const INVITATION_ID = { id: "The invitation's id." };
const NOT_FOUND = "`not_found`: `invitation not found`.";
const GONE = identityError("`not_found`: `this invitation link does not work: …` (used, replaced, withdrawn, or more than 14 days old).");

export const adminInvite = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/invitations",
  operationId: "adminInvite",
  summary: "Invite people to make their account",
  description:
    `An email from the church to each record named (at most ${MAX_INVITED_AT_ONCE.toLocaleString("en-US")}), to everyone an import created, or to everyone without an account that a search of the register finds (as its list searches), with a one-time link that works for ${INVITATION_DAYS} days. ` +
    "A record without an email address, linked to an account already, or with an invitation still open is skipped and counted. Sent through the outbox: " +
    "a few at once, a larger mailing a batch a minute.",
  tags: TAGS,
  access: WRITE,
  body: inviteBodySchema,
  success: { status: 200, description: "How many were invited, and why the others were not.", schema: InviteOutcomeSchema },
  refusals: { "400": BODY_400(", or `register: this search finds more than 10,000 people without an account; narrow it`"), "404": "`not_found`: `import not found`." },
});

export const adminListInvitations = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/invitations",
  operationId: "adminListInvitations",
  summary: "The invitations",
  description: "Searched by name or address, filtered by state (`sent`, `accepted`, `expired`, `revoked`, `replaced`), newest first.",
  tags: TAGS,
  access: READ,
  query: invitationsQuerySchema,
  success: { status: 200, description: "A page of invitations.", schema: InvitationPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminResendInvitation = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/invitations/{id}/resend",
  operationId: "adminResendInvitation",
  summary: "Send an invitation again",
  description: `A new link (the old one stops working), for ${INVITATION_DAYS} more days.`,
  tags: TAGS,
  access: WRITE,
  params: INVITATION_ID,
  success: { status: 204, description: "Sent again.", schema: undefined },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: `this invitation was accepted` (or revoked, replaced)." },
});

export const adminRevokeInvitation = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/invitations/{id}/revoke",
  operationId: "adminRevokeInvitation",
  summary: "Withdraw an invitation",
  description: "Its link stops working.",
  tags: TAGS,
  access: WRITE,
  params: INVITATION_ID,
  success: { status: 204, description: "Withdrawn.", schema: undefined },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: `this invitation was accepted` (or revoked, replaced)." },
});

export const checkInvitation = defineEndpoint({
  method: "POST",
  path: "/api/v1/invitations/check",
  operationId: "checkInvitation",
  summary: "Open an invitation",
  description: "The person's name and address, and whether an account with that address exists (then accepting links it).",
  tags: ["invitations"],
  access: { kind: "public" },
  body: checkInvitationBodySchema,
  success: { status: 200, description: "The invitation works.", schema: InvitationCheckSchema },
  refusals: { "400": BODY_400(), "404": GONE },
});

export const startInvitationPasskey = defineEndpoint({
  method: "POST",
  path: "/api/v1/invitations/passkey-options",
  operationId: "startInvitationPasskey",
  summary: "Make the account with a passkey: the options",
  description:
    "For an invitation whose address has no account yet: the options for navigator.credentials.create, the account's id chosen now and the challenge " +
    "bound to the invitation's token (single use, 5 minutes). Answer with `POST /api/v1/invitations/accept` and `passkey`.",
  tags: ["invitations"],
  access: { kind: "public" },
  body: checkInvitationBodySchema,
  success: { status: 200, description: "The options to pass to the browser.", schema: PasskeyRegistrationOptionsSchema },
  refusals: { "400": BODY_400(), "404": GONE, "409": "`conflict`: `you already have an account with this address: enter its password to link it`." },
});

export const acceptInvitation = defineEndpoint({
  method: "POST",
  path: "/api/v1/invitations/accept",
  operationId: "acceptInvitation",
  summary: "Accept an invitation",
  description:
    "Makes the account with this password (judged as at registration) or with the passkey the browser made for `POST /api/v1/invitations/passkey-options`, " +
    "its address verified by the link, or, when the address has an account, links that one (its password checked, counted as a sign-in attempt). " +
    "Either way linked to the person's membership record and their household.",
  tags: ["invitations"],
  access: { kind: "public" },
  body: acceptInvitationBodySchema,
  success: { status: 200, description: "Accepted: sign in with this address.", schema: InvitationAcceptedSchema },
  refusals: { "400": BODY_400(", `password: …`, or the passkey could not be verified"), "404": GONE, "409": "`conflict`: the account is linked to another record already.", "429": "`too_many_requests`: too many wrong passwords." },
});

/** In the order the OpenAPI document lists them. */
export const invitationEndpoints = [adminInvite, adminListInvitations, adminResendInvitation, adminRevokeInvitation, checkInvitation, startInvitationPasskey, acceptInvitation];
