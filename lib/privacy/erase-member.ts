import "server-only";
import type { Database } from "../db/database.ts";
import { queueBackchannelLogouts } from "../oauth/backchannel-logout/queue-backchannel-logouts.ts";
import { DATA_REQUEST_TYPE } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * Erases a member, inside the caller's transaction (or one of its own). Deleting the account row removes,
 * through its foreign keys (ON DELETE CASCADE), everything tied to it: sessions, grants and their refresh
 * tokens, consents, the TOTP credential and recovery codes, roles, guardianships and the security log. Tables
 * added later with such a key (recovery contacts, family and membership links) are covered the same way.
 * Codes and messages sent to the recovery contacts are found by the contacts' ids and values first.
 *
 * Tokens: every access token names a session or a grant, and /api/v1 checks on every call that it still
 * exists (lib/oauth/token-liveness.ts), so they stop working there at once; refresh tokens are gone with
 * their grants. A third party validating access tokens offline sees the end within their 10 minutes.
 *
 * The statements below handle what is tied to the member without a foreign key: rows keyed by address
 * (codes, outgoing messages), authorization codes and pending authorization requests, and the member's
 * exports (each one a full copy of their data). The carried-out deletion request itself stays, with its
 * user_id set to null by its key: a record that the deletion was done, holding no personal data.
 * Guardianships end, but a dependant's own account is another person's and stays.
 */
export async function eraseMember(database: Database, userId: string): Promise<void> {
  await database.transaction(async (tx) => {
    const member = await lockAccount(tx, userId);
    if (!member) return;
    // Codes and messages went to the account's own addresses and to its recovery contacts (codes keyed by
    // the contact's id). An address another person also uses (a shared family phone, a spouse's email given
    // as a recovery contact) keeps their codes and messages: only what no one else can claim goes.
    const contacts = await tx.prisma.recoveryContact.findMany({ where: { userId }, select: { id: true, value: true } });
    const addresses = [member.email, member.phone, ...contacts.map((contact) => contact.value)].filter((value): value is string => !!value);
    const contactIds = contacts.map((contact) => contact.id);
    // Raw below: conditions on other people's rows in unrelated tables, and array overlap (reason 4).
    const nobodyElseUses = (column: string) =>
      `NOT EXISTS (SELECT 1 FROM account other WHERE other.id <> $1::text::uuid AND (other.email = ${column} OR other.phone = ${column}))
       AND NOT EXISTS (SELECT 1 FROM recovery_contact other WHERE other.user_id <> $1::text::uuid AND other.value = ${column})`;
    await tx.prisma.dataRequest.deleteMany({ where: { userId, type: DATA_REQUEST_TYPE.export } });
    await tx.query(
      `DELETE FROM verification_code
        WHERE subject = $1::text OR subject = ANY($3::text[])
           OR ((subject = ANY($2::text[]) OR target = ANY($2::text[])) AND ${nobodyElseUses("verification_code.target")})`,
      [userId, addresses, contactIds],
    );
    await tx.query(`DELETE FROM outbox_message WHERE recipient = ANY($2::text[]) AND ${nobodyElseUses("outbox_message.recipient")}`, [userId, addresses]);
    await tx.prisma.authorizationCode.deleteMany({ where: { userId } });
    await tx.prisma.federatedLoginAttempt.deleteMany({ where: { userId } });
    await tx.query(
      `DELETE FROM authorization_request
        WHERE ARRAY[signed_in_session_id, consented_session_id, denied_session_id] && ARRAY(SELECT id FROM session WHERE user_id = $1::uuid)`,
      [userId],
    );
    // Its apps are told the member signed out (Back-Channel Logout 1.0) before the sessions are gone.
    const liveSessions = await tx.query<{ id: string }>(`SELECT id::text FROM session WHERE user_id = $1::uuid AND revoked_at IS NULL`, [userId]);
    await queueBackchannelLogouts(tx, { sessions: liveSessions.map((session) => session.id), member: userId });
    await tx.prisma.user.deleteMany({ where: { id: userId } });
  });
}
