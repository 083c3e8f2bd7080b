import "server-only";
import { isTotpCodeShape } from "../accounts/recovery-code-format.ts";
import { redeemRecoveryCode } from "../accounts/redeem-recovery-code.ts";
import { TOTP_STATUS, verifyTotpCode } from "../accounts/verify-totp-code.ts";
import { db, sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { limitCodeAttempts } from "./limit-code-attempts.ts";

export const TOTP_NOT_ON = "two-factor authentication is not on";

/** Fails with `conflict` unless the member's TOTP is confirmed (on). */
export async function assertTotpOn(userId: string): Promise<void> {
  const [row] = await sql<{ status: string }>(`SELECT status FROM totp_credential WHERE user_id = $1`, [userId]);
  if (row?.status !== TOTP_STATUS.confirmed) throw new IdentityError("conflict", TOTP_NOT_ON);
}

/**
 * Turns TOTP off, proven by a current code or, for a member whose phone is gone, a recovery code. The
 * secret and every recovery code are deleted; sign-in asks for the password only from then on.
 */
export async function disableTotp(userId: string, code: string, context: RequestContext, now = new Date()): Promise<{ status: "ok" }> {
  return limitCodeAttempts({ userId, action: "disable", context, wrongCode: "code: is neither the current code of the authenticator app nor an unused recovery code" }, async () => {
    await assertTotpOn(userId);
    const method = isTotpCodeShape(code) ? "totp" : "recovery_code";
    const proven = method === "totp" ? await verifyTotpCode(userId, code, now) : (await redeemRecoveryCode(userId, code, now)) !== null;
    if (!proven) return null;
    const notice = await (await db()).$transaction(async (tx) => {
      await tx.totpCredential.deleteMany({ where: { userId } });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await recordSecurityEvent({ userId, type: "totp_disabled", context, detail: { method } }, tx);
      return enqueueSecurityNotice(tx, { userId, kind: "second_factor_turned_off", context, now });
    });
    if (notice) deliverAfterCommit([notice]);
    return { status: "ok" as const };
  }, now);
}
