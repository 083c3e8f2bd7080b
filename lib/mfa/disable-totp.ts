import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { isTotpCodeShape } from "../sign-in/recovery-code-format.ts";
import { redeemRecoveryCode } from "../sign-in/redeem-recovery-code.ts";
import { TOTP_STATUS, verifyTotpCode } from "../sign-in/verify-totp-code.ts";
import { limitCodeAttempts } from "./limit-code-attempts.ts";

export const TOTP_NOT_ON = "two-factor authentication is not on";

/** Fails with `conflict` unless the member's TOTP is confirmed (on). */
export async function assertTotpOn(database: Database, userId: string): Promise<void> {
  const credential = await database.prisma.totpCredential.findUnique({ where: { userId }, select: { status: true } });
  if (credential?.status !== TOTP_STATUS.confirmed) throw new IdentityError("conflict", TOTP_NOT_ON);
}

/**
 * Turns TOTP off, proven by a current code or, for a member whose phone is gone, a recovery code. The
 * secret and every recovery code are deleted; sign-in asks for the password only from then on.
 */
export async function disableTotp(database: Database, userId: string, code: string, context: RequestContext, now = new Date()): Promise<{ status: "ok" }> {
  return limitCodeAttempts(database, { userId, action: "disable", context, wrongCode: "code: is neither the current code of the authenticator app nor an unused recovery code" }, async () => {
    await assertTotpOn(database, userId);
    const method = isTotpCodeShape(code) ? "totp" : "recovery_code";
    const proven = method === "totp" ? await verifyTotpCode(database, userId, code, now) : (await redeemRecoveryCode(database, userId, code, now)) !== null;
    if (!proven) return null;
    await database.transaction(async (tx) => {
      await tx.prisma.totpCredential.deleteMany({ where: { userId } });
      await tx.prisma.recoveryCode.deleteMany({ where: { userId } });
      await recordSecurityEvent(tx, { userId, type: "totp_disabled", context, detail: { method } });
      return enqueueSecurityNotice(tx, { userId, kind: "second_factor_turned_off", context, now });
    });
    return { status: "ok" as const };
  }, now);
}
