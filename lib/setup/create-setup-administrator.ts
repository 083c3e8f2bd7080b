import "server-only";
import { saveChurchSettings } from "../church-settings/update-church-settings.ts";
import { createCampus } from "../calendar/create-campus.ts";
import { hashPassword } from "../crypto/password.ts";
import type { Database } from "../db/database.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { startTotpSetup } from "../mfa/start-totp-setup.ts";
import { assertNewPasswordAllowedForApi } from "../passwords/check-new-password.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { consumeVerificationCode } from "../verification-codes/verification-codes.ts";
import type { SetupAdministratorBody } from "./schemas.ts";
import { requireOpenSetup } from "./setup-address.ts";
import { isChurchSetUp } from "./setup-state.ts";

const CODE_WORDS = {
  missing: "email_code: enter the 6-digit code we emailed you",
  wrong: "email_code: is not the code we emailed; check it, or ask for a new one",
  dead: "email_code: has expired or was used up; ask for a new one",
} as const;

/**
 * The wizard's main step (issue 39): the church's name, country and time zone and its first campus are saved,
 * and the first administrator's account is made with their password, then their authenticator app is started.
 * The account holds no role until `completeSetup` confirms the app: an abandoned wizard leaves no administrator
 * without two-step sign-in. Sent again from the same address (a mistake corrected), it replaces the account it
 * made. When the server sends email, the address is proved by a code; without email, whoever holds the setup
 * address (the server's log) vouches for it, as `npm run admin:create` does.
 */
export async function createSetupAdministrator(
  database: Database,
  body: SetupAdministratorBody,
  emailSending: boolean,
  context: RequestContext,
  now = new Date(),
): Promise<{ otpauth_url: string }> {
  const setup = await requireOpenSetup(database, body.token, now);
  const { church, administrator } = body;
  assertNewPasswordAllowedForApi(administrator.password, { email: administrator.email, givenName: administrator.given_name, familyName: administrator.family_name });

  const previous = setup.accountId
    ? await database.prisma.user.findUnique({ where: { id: setup.accountId }, select: { id: true, email: true, emailVerifiedAt: true } })
    : null;
  const alreadyProved = previous?.email === administrator.email && previous.emailVerifiedAt !== null;
  if (emailSending && !alreadyProved) {
    if (!administrator.email_code) throw new IdentityError("invalid_request", CODE_WORDS.missing);
    const outcome = await consumeVerificationCode(database, { purpose: "setup_email", subject: administrator.email, binding: setup.tokenHash }, administrator.email_code, now);
    if (outcome.outcome === "wrong") throw new IdentityError("invalid_request", CODE_WORDS.wrong);
    if (outcome.outcome === "dead") throw new IdentityError("invalid_request", CODE_WORDS.dead);
  }
  const passwordHash = await hashPassword(administrator.password);

  const accountId = await database.transaction(async (tx) => {
    // One wizard at a time: two browsers on two setup addresses cannot both make a first administrator.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('church-setup'))::text`);
    if (await isChurchSetUp(tx)) throw new IdentityError("not_found", "setup is already finished");
    await saveChurchSettings(tx, { name: church.name, country: church.country, timeZone: church.time_zone });
    const campus = await tx.prisma.campus.findFirst({ where: { name: church.campus_name }, select: { id: true } });
    if (!campus) await createCampus(tx, church.campus_name, church.time_zone);
    if (previous) await tx.prisma.user.delete({ where: { id: previous.id }, select: { id: true } });
    let created: { id: string };
    try {
      created = await tx.prisma.user.create({
        data: { email: administrator.email, emailVerifiedAt: now, givenName: administrator.given_name, familyName: administrator.family_name, passwordHash },
        select: { id: true },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new IdentityError(
        "conflict",
        "an account with this email address already exists: use another, or make it the administrator on the server with `npm run admin:create -- --email …`",
      );
    }
    await tx.prisma.setupToken.update({ where: { tokenHash: setup.tokenHash }, data: { accountId: created.id }, select: { tokenHash: true } });
    await recordSecurityEvent(tx, { userId: created.id, type: "account_created", context, detail: { by: "setup" } });
    return created.id;
  });

  const { otpauth_url } = await startTotpSetup(database, accountId);
  return { otpauth_url };
}
