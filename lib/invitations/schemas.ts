import { z } from "zod";
import { createPasskeyBodySchema } from "../passkeys/schemas.ts";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";
import { INVITATION_STATUSES, MAX_INVITED_AT_ONCE } from "./invitation-rules.ts";

/** Invitations (issue 40): pure zod, shared by the routes, the OpenAPI document and the pages. */

const recordId = z.string().regex(/^mbr_[A-Za-z0-9_-]{1,60}$/, "must be membership ids (mbr_…)");

export const inviteBodySchema = z
  .union([
    z.strictObject({ record_ids: z.array(recordId).min(1, "must name at least one record").max(MAX_INVITED_AT_ONCE, `must name at most ${MAX_INVITED_AT_ONCE} records`) }),
    z.strictObject({ import_id: z.uuid({ error: "must be an import's id" }) }),
    z.strictObject({
      register: z
        .strictObject({ q: z.string().trim().max(200, "must be at most 200 characters").default("").meta({ description: "The register's search, as its list takes it; empty: the whole register." }) })
        .meta({ description: "Everyone the register's list shows for this search who has no account yet." }),
    }),
  ])
  .meta({ id: "InviteBody", description: "The records to invite (`record_ids`), everyone an import created (`import_id`), or everyone a search of the register finds (`register`)." });
export type InviteBody = z.output<typeof inviteBodySchema>;

export const InviteOutcomeSchema = z
  .object({
    invited: z.number().int(),
    skipped: z.object({
      no_email: z.number().int().meta({ description: "No email address on the record." }),
      already_linked: z.number().int().meta({ description: "Linked to an account already." }),
      already_invited: z.number().int().meta({ description: "An invitation is still open: send it again from the list instead." }),
      not_found: z.number().int(),
    }),
  })
  .meta({ id: "InviteOutcome" });
export type InviteOutcomeAnswer = z.output<typeof InviteOutcomeSchema>;

export const InvitationSchema = z
  .object({
    id: z.uuid(),
    record_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    email: z.string(),
    status: z.enum(INVITATION_STATUSES),
    sent_count: z.number().int(),
    sent_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    accepted_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Invitation" });
export type InvitationAnswer = z.output<typeof InvitationSchema>;
export const InvitationPageSchema = pageOf(InvitationSchema, "InvitationPage");

export const invitationsQuerySchema = listQuery("InvitationsQuery", {
  sort: ["sentAt", "familyName"] as const,
  defaultSort: "-sentAt",
  search: "Part of the person's name or email address.",
  extra: { status: z.enum(INVITATION_STATUSES, { error: `must be one of ${INVITATION_STATUSES.join(", ")}` }).optional().meta({ description: "Only invitations in this state." }) },
});
export type InvitationsQuery = z.output<typeof invitationsQuerySchema>;

const token = z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, "must be the invitation link's token").meta({ description: "The token of the invitation's link (after the #)." });

export const checkInvitationBodySchema = z.strictObject({ token }).meta({ id: "CheckInvitationBody" });
export const InvitationCheckSchema = z
  .object({ given_name: z.string(), family_name: z.string(), email: z.string(), has_account: z.boolean().meta({ description: "An account with this address exists: accepting links it, by its password." }) })
  .meta({ id: "InvitationCheck" });

export const acceptInvitationBodySchema = z
  .union([
    z.strictObject({ token, password: z.string().min(1, "enter a password").max(1024).meta({ description: "A new password, or the existing account's." }) }),
    z.strictObject({
      token,
      passkey: createPasskeyBodySchema.meta({ description: "Instead of a password, for a new account: the browser's answer to the options of POST /api/v1/invitations/passkey-options." }),
    }),
  ])
  .meta({ id: "AcceptInvitationBody" });
export type AcceptInvitationBody = z.output<typeof acceptInvitationBodySchema>;
export const InvitationAcceptedSchema = z
  .object({ email: z.string(), created: z.boolean().meta({ description: "A new account was made (false: an existing one was linked)." }) })
  .meta({ id: "InvitationAccepted" });
