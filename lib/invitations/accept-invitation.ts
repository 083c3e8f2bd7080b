import "server-only";
import { hashToken } from "../crypto/tokens.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { issueFamilyCode } from "../families/family-code.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearAttempts } from "../limits/clear-attempts.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { defaultPasskeyName } from "../passkeys/default-passkey-name.ts";
import type { NewPasskey } from "../passkeys/verify-new-passkey.ts";
import { assertNewPasswordAllowedForApi } from "../passwords/check-new-password.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { HAS_ACCOUNT, takeInvitationPasskey } from "./invitation-passkey.ts";
import type { AcceptInvitationBody } from "./schemas.ts";

/**
 * Accepting an invitation (issue 40): the link's token is the proof of the address, so the account it makes
 * is verified at once and linked to the person's register record and household, with no search and no claim.
 * Someone who already has an account with that address links it instead, by its password (counted as a
 * sign-in attempt, so the link is no way around the sign-in limits).
 */
export const INVITATION_GONE = "this invitation link does not work: it was used, replaced or withdrawn, or it is more than 14 days old";

interface OpenInvitation {
  id: string;
  record_id: string;
  email: string;
  given_name: string;
  family_name: string;
  birth_date: string | null;
  household_id: string | null;
  household_name: string | null;
  linked_user_id: string | null;
}

async function openInvitationOrThrow(database: Database, token: string, now: Date, lock = false): Promise<OpenInvitation> {
  const [found] = await database.query<OpenInvitation>(
    `SELECT i.id::text, i.record_id, i.email, m.given_name, m.family_name, m.birth_date, m.household_id, m.household_name, m.linked_user_id::text
       FROM invitation i JOIN membership_record m ON m.id = i.record_id
      WHERE i.token_hash = $1 AND i.status = 'sent' AND i.expires_at > $2 ${lock ? "FOR UPDATE OF i, m" : ""}`,
    [hashToken(token), now],
  );
  if (!found || found.linked_user_id) throw new IdentityError("not_found", INVITATION_GONE);
  return found;
}

/** What the invitation's page shows: the person's name and address, and whether they have an account already. */
export async function checkInvitation(database: Database, token: string, now = new Date()) {
  const invitation = await openInvitationOrThrow(database, token, now);
  const [account] = await database.query<{ id: string }>(`SELECT id::text FROM account WHERE email = $1`, [invitation.email]);
  return { given_name: invitation.given_name, family_name: invitation.family_name, email: invitation.email, has_account: Boolean(account) };
}

/**
 * A new account with this password or passkey, or (when the address has one) that account, checked by its
 * password: linked to the record and its household, the invitation spent. Answers the account's email, for
 * signing in.
 */
export async function acceptInvitation(database: Database, input: AcceptInvitationBody, context: RequestContext, now = new Date()): Promise<{ email: string; created: boolean }> {
  const peek = await openInvitationOrThrow(database, input.token, now);
  const [existing] = await database.query<{ id: string; password_hash: string | null }>(`SELECT id::text, password_hash FROM account WHERE email = $1`, [peek.email]);
  let accountId: string | null = null;
  let passwordHash: string | null = null;
  let withPasskey: { accountId: string; passkey: NewPasskey; name: string } | null = null;
  if ("passkey" in input) {
    if (existing) throw new IdentityError("conflict", HAS_ACCOUNT);
    withPasskey = { ...(await takeInvitationPasskey(database, input.token, input.passkey, now)), name: input.passkey.name ?? defaultPasskeyName(context.userAgent) };
  } else if (existing) {
    const accountKey = signInAccountKey(peek.email);
    const attempt = await takeAttemptOrThrow(database, [accountKey, ipFailureKey(context.ip)], now);
    const valid = existing.password_hash ? await verifyPassword(existing.password_hash, input.password) : await verifyAgainstDummy(input.password);
    if (!valid) {
      await recordSecurityEvent(database, { userId: existing.id, type: "sign_in_failed", context, detail: { reason: "password", by: "invitation" } });
      if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
      throw new IdentityError("invalid_request", "password: is not this account’s password");
    }
    await clearAttempts(database, accountKey);
    accountId = existing.id;
  } else {
    try {
      assertNewPasswordAllowedForApi(input.password, { email: peek.email, givenName: peek.given_name, familyName: peek.family_name });
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      throw new IdentityError("invalid_request", error.description.replace(/^new_password: /, "password: "));
    }
    passwordHash = await hashPassword(input.password);
  }
  return database.transaction(async (tx) => {
    const invitation = await openInvitationOrThrow(tx, input.token, now, true);
    let userId = accountId;
    if (!userId) {
      try {
        userId = (
          await tx.prisma.user.create({
            data: {
              ...(withPasskey && { id: withPasskey.accountId }),
              email: invitation.email,
              emailVerifiedAt: now,
              givenName: invitation.given_name || invitation.family_name,
              familyName: invitation.family_name || invitation.given_name,
              birthDate: invitation.birth_date,
              passwordHash,
            },
            select: { id: true },
          })
        ).id;
        if (withPasskey) await tx.prisma.passkey.create({ data: { ...withPasskey.passkey, userId, name: withPasskey.name, createdAt: now }, select: { id: true } });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The address (made meanwhile by another request) or the passkey (registered already) is taken.
        throw new IdentityError("conflict", withPasskey ? "this passkey or an account with this address exists already: enter the account's password to link it" : "an account with this email address was just made: enter its password to link it");
      }
      await recordSecurityEvent(tx, { userId, type: "account_created", context, detail: { by: "invitation" } });
      if (withPasskey) await recordSecurityEvent(tx, { userId, type: "passkey_added", context, detail: { name: withPasskey.name } });
    }
    // Every member holds the `member` role, as registration gives it.
    await tx.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = 'member' ON CONFLICT DO NOTHING`, [userId]);
    const alreadyLinked = await tx.query(`SELECT 1 FROM membership_record WHERE linked_user_id = $1::uuid`, [userId]);
    if (alreadyLinked.length > 0) throw new IdentityError("conflict", "your account is linked to a membership record already: ask the church office to correct it");
    await tx.query(`UPDATE membership_record SET linked_user_id = $2::uuid, linked_at = $3 WHERE id = $1`, [invitation.record_id, userId, now]);
    await joinRegisterHousehold(tx, userId, invitation, now);
    await tx.query(`UPDATE invitation SET status = 'accepted', accepted_at = $2, accepted_by = $3::uuid WHERE id = $1::uuid`, [invitation.id, now, userId]);
    return { email: invitation.email, created: accountId === null };
  });
}

/** Adults from 18; a record without a birth date is an adult's. */
function householdRole(birthDate: string | null, now: Date): "adult" | "child" {
  if (!birthDate) return "adult";
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return now.getTime() >= eighteenth ? "adult" : "child";
}

/**
 * The household the register gives the person: the one a member of the same register household already
 * belongs to, else a new one under the register's household name. Someone already in a household stays there.
 */
async function joinRegisterHousehold(tx: Database, userId: string, invitation: OpenInvitation, now: Date): Promise<void> {
  if (await tx.prisma.familyMember.findUnique({ where: { userId }, select: { familyId: true } })) return;
  const role = householdRole(invitation.birth_date, now);
  if (invitation.household_id) {
    const [family] = await tx.query<{ family_id: string }>(
      `SELECT fm.family_id::text FROM membership_record m JOIN family_member fm ON fm.user_id = m.linked_user_id
        WHERE m.household_id = $1 AND m.id <> $2 ORDER BY fm.joined_at LIMIT 1`,
      [invitation.household_id, invitation.record_id],
    );
    if (family) {
      await tx.prisma.familyMember.create({ data: { familyId: family.family_id, userId, role, joinedAt: now }, select: { userId: true } });
      return;
    }
  }
  const issued = await issueFamilyCode(now);
  const name = invitation.household_name ?? `The ${invitation.family_name || invitation.given_name} household`;
  const family = await tx.prisma.family.create({ data: { name, codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt, codeIssuedAt: now, createdAt: now }, select: { id: true } });
  await tx.prisma.familyMember.create({ data: { familyId: family.id, userId, role, joinedAt: now }, select: { userId: true } });
}
