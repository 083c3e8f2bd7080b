import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { registerSearchCondition } from "../membership/list-membership-records.ts";
import { enqueueMessage, enqueueMessages } from "../outbox/enqueue-message.ts";
import { invitationEmail } from "./invitation-messages.ts";
import { containsPattern } from "../staff-lists/paging.ts";
import { INVITATION_DAYS, MAX_INVITED_AT_ONCE } from "./invitation-rules.ts";
import type { InviteBody } from "./schemas.ts";

/**
 * Inviting the register's people (issue 40): one email each, from the church, with a one-time link. A record is
 * invited when it has an email address, is not linked to an account yet and has no invitation still open; an
 * expired one is replaced. Written in the staff write's transaction; the emails go through the outbox.
 */
export interface InviteOutcome {
  invited: number;
  skipped: { no_email: number; already_linked: number; already_invited: number; not_found: number };
}

interface Candidate {
  id: string;
  email: string | null;
  given_name: string;
  linked: boolean;
  open: boolean;
}

export type InviteTarget = { recordIds: readonly string[] } | { importId: string } | { registerSearch: string };

/** The API body's target in the service's terms. */
export function inviteTarget(body: InviteBody): InviteTarget {
  if ("import_id" in body) return { importId: body.import_id };
  if ("register" in body) return { registerSearch: body.register.q };
  return { recordIds: body.record_ids };
}

/** The records to invite: those named, everyone an import created, or everyone a search of the register finds without an account. */
export async function inviteRecords(tx: Database, target: InviteTarget, actorId: string, now = new Date()): Promise<InviteOutcome> {
  const recordIds = "importId" in target ? await createdByImport(tx, target.importId) : "registerSearch" in target ? await foundInRegister(tx, target.registerSearch) : [...new Set(target.recordIds)];
  const candidates = await tx.query<Candidate>(
    `SELECT m.id, m.email, m.given_name, m.linked_user_id IS NOT NULL AS linked,
            EXISTS (SELECT 1 FROM invitation i WHERE i.record_id = m.id AND i.status = 'sent' AND i.expires_at > $2) AS open
       FROM unnest($1::text[]) AS wanted(id) JOIN membership_record m ON m.id = wanted.id`,
    [recordIds, now],
  );
  const outcome: InviteOutcome = { invited: 0, skipped: { no_email: 0, already_linked: 0, already_invited: 0, not_found: recordIds.length - candidates.length } };
  const invite: (Candidate & { email: string })[] = [];
  for (const candidate of candidates) {
    if (candidate.linked) outcome.skipped.already_linked += 1;
    else if (!candidate.email) outcome.skipped.no_email += 1;
    else if (candidate.open) outcome.skipped.already_invited += 1;
    else invite.push(candidate as Candidate & { email: string });
  }
  if (invite.length === 0) return outcome;
  // An invitation that expired unused is replaced, so the record can have a new one.
  await tx.query(`UPDATE invitation SET status = 'replaced' WHERE record_id = ANY($1::text[]) AND status = 'sent'`, [invite.map((record) => record.id)]);
  const tokens = invite.map(() => randomToken());
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  // Nobody invited has an account yet: the church's language.
  const locale = await recipientLocale(tx, null);
  const messageIds = await enqueueMessages(tx, invite.map((record, index) => invitationEmail(record.email, record.given_name, tokens[index]!, locale)));
  await tx.query(
    `INSERT INTO invitation (record_id, email, token_hash, status, invited_by, created_at, sent_at, expires_at, message_id)
     SELECT record_id, email, token_hash, 'sent', $4::uuid, $5, $5, $6, message_id::uuid FROM unnest($1::text[], $2::text[], $3::text[], $7::text[]) AS i(record_id, email, token_hash, message_id)`,
    [invite.map((record) => record.id), invite.map((record) => record.email), tokens.map(hashToken), actorId, now, expiresAt, messageIds],
  );
  outcome.invited = invite.length;
  return outcome;
}

/** The unlinked records the register's list shows for `q` (all of them for none); more than one mailing takes is refused. */
async function foundInRegister(tx: Database, q: string): Promise<string[]> {
  const values: unknown[] = [MAX_INVITED_AT_ONCE + 1];
  const conditions = ["m.linked_user_id IS NULL"];
  if (q) {
    values.push(containsPattern(q));
    conditions.push(registerSearchCondition(values.length));
  }
  const rows = await tx.query<{ id: string }>(`SELECT m.id FROM membership_record m WHERE ${conditions.join(" AND ")} ORDER BY m.id LIMIT $1`, values);
  if (rows.length > MAX_INVITED_AT_ONCE) throw new IdentityError("invalid_request", `register: this search finds more than ${MAX_INVITED_AT_ONCE.toLocaleString("en")} people without an account; narrow it`);
  return rows.map((row) => row.id);
}

async function createdByImport(tx: Database, importId: string): Promise<string[]> {
  const [found] = await tx.query<{ status: string }>(`SELECT status FROM people_import WHERE id = $1::uuid`, [importId]);
  if (!found) throw notFound("import");
  const rows = await tx.query<{ record_id: string }>(`SELECT record_id FROM people_import_change WHERE import_id = $1::uuid AND action = 'created'`, [importId]);
  return rows.map((row) => row.record_id);
}

/**
 * A new link for an invitation not yet accepted (the old link stops working), for 14 more days, to the address
 * the register has now: after a bounce, staff correct the record and send again.
 */
export async function resendInvitation(tx: Database, id: string, now = new Date()): Promise<void> {
  const [invitation] = await tx.query<{ email: string | null; given_name: string; status: string }>(
    `SELECT m.email, m.given_name, i.status FROM invitation i JOIN membership_record m ON m.id = i.record_id WHERE i.id = $1::uuid FOR UPDATE OF i`,
    [id],
  );
  if (!invitation) throw notFound("invitation");
  // Past its days an invitation is still `sent` (expired only in what it shows): sent again, it works again.
  if (invitation.status !== "sent") throw new IdentityError("conflict", `this invitation was ${invitation.status}`);
  if (!invitation.email) throw new IdentityError("conflict", "the register has no email address for this person now");
  const token = randomToken();
  const messageId = await enqueueMessage(tx, invitationEmail(invitation.email, invitation.given_name, token, await recipientLocale(tx, null)));
  await tx.query(
    `UPDATE invitation SET token_hash = $2, status = 'sent', sent_count = sent_count + 1, sent_at = $3, expires_at = $4, email = $5, message_id = $6::uuid WHERE id = $1::uuid`,
    [id, hashToken(token), now, new Date(now.getTime() + INVITATION_DAYS * 86_400_000), invitation.email, messageId],
  );
}

/** The link stops working. */
export async function revokeInvitation(tx: Database, id: string, now = new Date()): Promise<void> {
  const [invitation] = await tx.query<{ status: string }>(`SELECT status FROM invitation WHERE id = $1::uuid FOR UPDATE`, [id]);
  if (!invitation) throw notFound("invitation");
  if (invitation.status !== "sent") throw new IdentityError("conflict", `this invitation was ${invitation.status}`);
  await tx.query(`UPDATE invitation SET status = 'revoked', revoked_at = $2 WHERE id = $1::uuid`, [id, now]);
}
