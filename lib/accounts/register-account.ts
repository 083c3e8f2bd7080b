import "server-only";
import { hashPassword } from "../crypto/password.ts";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import type { PendingCode } from "../verification-codes/pending-code.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { alreadyRegisteredEmail, verificationCodeEmail } from "./account-messages.ts";
import { recipientLocale } from "./recipient-locale.ts";
import { readChurch } from "../church-settings/church.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { assertNewPasswordAllowed } from "../passwords/check-new-password.ts";

export interface RegisterAccountInput {
  givenName: string;
  familyName: string;
  /** Already normalised (lower-case, trimmed) by the schema. */
  email: string;
  password: string;
  context: RequestContext;
  /** The language of the page registered on (issue 41): the code is sent in it, and it is kept as the member's own when it is not the church's. */
  locale?: AppLocale | null;
}

/**
 * Registration, answering the same whatever the address (no account enumeration):
 * - a new address: an unverified account and a code to confirm the address;
 * - an address of an unverified account: that account takes the new name and password (the earlier
 *   registration never proved the address) and a new code is sent;
 * - an address of a verified account: nothing changes; that address gets a "you already have an
 *   account" email, and a code that is never sent is issued, so the code page behaves as for the others.
 * Every code is bound to a random value kept in this browser's sealed cookie: someone who registers an
 * address they do not own cannot finish, and cannot hijack the owner's later registration either (the
 * owner's code only works in the owner's browser, with the owner's password).
 * The password is hashed on every path, so the response time does not tell the cases apart.
 * A member who registers in a language other than the church's own keeps it as their choice (Account ›
 * Profile), so later emails, reminders among them, are written in it (docs/decisions/0039).
 */
export async function registerAccount(database: Database, input: RegisterAccountInput, now = new Date()): Promise<PendingCode> {
  const sendKeys = [codeSendTargetKey("email_verification", input.email), codeSendIpKey(input.context.ip)];
  // Checked and counted in one statement (lib/limits/take-attempt.ts).
  const attempt = await takeAttemptOrThrow(database, sendKeys, now);
  // Before anything is written: a refused password changes nothing, and its count is given back.
  try {
    assertNewPasswordAllowed(input.password, { email: input.email, givenName: input.givenName, familyName: input.familyName });
  } catch (error) {
    await refundAttempt(database, attempt, { now });
    throw error;
  }

  const passwordHash = await hashPassword(input.password);
  const binding = randomToken(16);
  const churchLocale = (await readChurch(database)).defaultLocale;
  const pageLocale = input.locale ?? churchLocale;
  const chosenLocale = pageLocale === churchLocale ? null : pageLocale;

  const register = () =>
    database.transaction(async (tx) => {
      const existing = await tx.prisma.user.findUnique({
        where: { email: input.email },
        select: { id: true, givenName: true, emailVerifiedAt: true, locale: true },
      });
      const codeTarget = { purpose: "email_verification" as const, subject: input.email, binding };
      if (existing?.emailVerifiedAt) {
        await issueVerificationCode(tx, { ...codeTarget, sentTo: "" }, now);
        // The owner's own language: whoever typed the address may not be them.
        await enqueueMessage(tx, alreadyRegisteredEmail(input.email, existing.givenName, await recipientLocale(tx, existing.locale)));
        return;
      }
      const names = { givenName: input.givenName, familyName: input.familyName, passwordHash, locale: chosenLocale };
      if (existing) {
        await tx.prisma.user.update({ where: { id: existing.id }, data: names, select: { id: true } });
      } else {
        const created = await tx.prisma.user.create({ data: { email: input.email, ...names }, select: { id: true } });
        // Every member holds the `member` role (created by the base_roles migration): their own profile,
        // consents and sessions. Raw: the role is found by name and granted in one conditional insert
        // (docs/decisions/0019, reason 2).
        await tx.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = 'member' ON CONFLICT DO NOTHING`, [created.id]);
        await recordSecurityEvent(tx, { userId: created.id, type: "account_created", context: input.context });
      }
      const code = await issueVerificationCode(tx, { ...codeTarget, sentTo: input.email }, now);
      await enqueueMessage(tx, verificationCodeEmail(input.email, input.givenName, code, pageLocale));
    });

  try {
    await register();
  } catch (error) {
    // Two registrations of one new address at once: the loser runs again and finds the winner's account.
    if (!isUniqueViolation(error)) throw error;
    await register();
  }
  return { purpose: "email_verification", email: input.email, binding };
}
