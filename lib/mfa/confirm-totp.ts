import "server-only";
import { openSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { TOTP_STATUS, totpStepOf } from "../sign-in/verify-totp-code.ts";
import { limitCodeAttempts } from "./limit-code-attempts.ts";
import { replaceRecoveryCodes } from "./replace-recovery-codes.ts";
import type { RecoveryCodes } from "./schemas.ts";

const NOTHING_TO_CONFIRM = "there is no two-factor set-up to confirm; start one with POST /api/v1/users/me/mfa/setup";
const ALREADY_ON = "two-factor authentication is already on";

/**
 * Step 2 of TOTP enrolment: a valid code for the pending secret turns it on and answers ten recovery
 * codes, shown this once. The code's step is recorded, so it cannot sign in right after. The UPDATE
 * names the secret it checked: if a new set-up replaced it meanwhile, nothing is confirmed.
 */
export async function confirmTotp(database: Database, userId: string, code: string, context: RequestContext, now = new Date()): Promise<RecoveryCodes> {
  return limitCodeAttempts(database, { userId, action: "confirm", context, wrongCode: "code: is not the current code of the authenticator app" }, async () => {
    const credential = await database.prisma.totpCredential.findUnique({ where: { userId }, select: { secretEncrypted: true, status: true } });
    if (!credential) throw new IdentityError("conflict", NOTHING_TO_CONFIRM);
    if (credential.status === TOTP_STATUS.confirmed) throw new IdentityError("conflict", ALREADY_ON);
    const step = await totpStepOf(await openSecret("totp", credential.secretEncrypted), code, now);
    if (step === null) return null;

    const recoveryCodes = await database.transaction(async (tx) => {
      const confirmed = await tx.prisma.totpCredential.updateMany({
        where: { userId, status: TOTP_STATUS.pending, secretEncrypted: credential.secretEncrypted },
        data: { status: TOTP_STATUS.confirmed, confirmedAt: now, lastUsedStep: BigInt(step) },
      });
      if (confirmed.count !== 1) throw new IdentityError("conflict", "the two-factor set-up was restarted meanwhile; use the newest QR code");
      const codes = await replaceRecoveryCodes(tx, userId);
      await recordSecurityEvent(tx, { userId, type: "totp_enabled", context });
      return codes;
    });
    return { status: "ok" as const, recovery_codes: recoveryCodes };
  }, now);
}
