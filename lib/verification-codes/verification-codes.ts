import "server-only";
import { constantTimeEqual, keyedHash, randomSixDigitCode } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { CODE_TTL_SECONDS, judgeCodeAttempt, type CodeAttemptOutcome } from "./verification-code-rules.ts";

/**
 * One-time codes sent by email or SMS. The subject is the lower-cased address the code proves (for a
 * recovery contact its id, for a member's phone their user id: the number itself is the `sentTo`),
 * so a code can exist for an address whether or not an account has it: flows that must not reveal
 * whether an account exists issue a "decoy" code that is never sent, and the code page then behaves
 * identically (wrong, wrong, …, dead) for every address.
 *
 * Stored as an HMAC over purpose, subject, binding and code: 6 digits could be brute-forced offline from
 * a plain hash, and the binding (a random value held in the requesting browser's sealed cookie, or "")
 * makes a code useless anywhere else.
 */
export const VERIFICATION_PURPOSES = [
  "email_verification",
  "password_reset",
  "recovery_contact_verification",
  "phone_verification",
  "membership_link",
  // "Email me a code" on the sign-in page (lib/sign-in/send-sign-in-code.ts).
  "email_sign_in",
  // A parent proving at a lobby kiosk that they hold a household's phone (lib/check-in/phone-check.ts).
  "kiosk_phone",
  // A signed-in member proving a new sign-in address before it replaces theirs (lib/users/change-my-email.ts).
  "email_change",
  // The first administrator proving their address in the setup wizard (lib/setup/create-setup-administrator.ts).
  "setup_email",
] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export interface CodeTarget {
  purpose: VerificationPurpose;
  /** The lower-cased address being proved. */
  subject: string;
  /** A random value kept by the browser that asked, or "" when any browser may use the code. */
  binding: string;
}

function codeHash(target: CodeTarget, code: string): string {
  return keyedHash("verification-code", [target.purpose, target.subject, target.binding, code].join("\n"));
}

/**
 * Issues a new code inside the caller's transaction (hand it the transaction's handle: the same one that
 * writes the outbox message carrying it) and retires any earlier live code for the same purpose and subject: only the newest code works.
 */
export async function issueVerificationCode(
  database: Database,
  target: CodeTarget & { sentTo: string },
  now = new Date(),
): Promise<string> {
  await database.prisma.verificationCode.updateMany({
    where: { purpose: target.purpose, subject: target.subject, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  const code = randomSixDigitCode();
  await database.prisma.verificationCode.create({
    data: {
      purpose: target.purpose,
      subject: target.subject,
      target: target.sentTo,
      codeHash: codeHash(target, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    },
    select: { id: true },
  });
  return code;
}

/**
 * Tries a code against the newest one issued for the subject (the live one, if two share a millisecond). The row is locked (FOR UPDATE) while it is
 * judged, so concurrent guesses are counted one after another and a code is accepted at most once.
 */
export type ConsumeOutcome = Exclude<CodeAttemptOutcome, { outcome: "accepted" }> | { outcome: "accepted"; sentTo: string };

export async function consumeVerificationCode(database: Database, target: CodeTarget, code: string, now = new Date()): Promise<ConsumeOutcome> {
  return database.transaction(async (tx) => {
    // Raw: the row lock (FOR UPDATE) is held while the attempt is judged (docs/decisions/0019, reason 2).
    const [row] = await tx.query<{ id: string; target: string; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
      `SELECT id::text, target, code_hash, attempts, expires_at, used_at FROM verification_code
        WHERE purpose = $1::text AND subject = $2::text
        ORDER BY (used_at IS NULL AND expires_at > $3::timestamptz) DESC, created_at DESC, id DESC LIMIT 1
        FOR UPDATE`,
      // The live code first: two codes issued in the same millisecond (a double submit) tie on created_at,
      // and the one issuing retired is not the newest.
      [target.purpose, target.subject, now],
    );
    const state = row ? { attempts: row.attempts, expiresAt: new Date(row.expires_at), usedAt: row.used_at ? new Date(row.used_at) : null } : null;
    const matches = row ? constantTimeEqual(row.code_hash, codeHash(target, code)) : false;
    const result = judgeCodeAttempt(state, matches, now);
    if (result.outcome === "accepted") {
      // judgeCodeAttempt only accepts an existing row.
      if (!row) return { outcome: "dead", reason: "none" };
      await tx.prisma.verificationCode.update({ where: { id: row.id }, data: { usedAt: now }, select: { id: true } });
      return { outcome: "accepted", sentTo: row.target };
    }
    if (row && result.attempts !== undefined) {
      await tx.prisma.verificationCode.update({ where: { id: row.id }, data: { attempts: result.attempts }, select: { id: true } });
    }
    return result;
  });
}
