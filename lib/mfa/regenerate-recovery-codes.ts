import "server-only";
import { verifyTotpCode } from "../accounts/verify-totp-code.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertTotpOn } from "./disable-totp.ts";
import { limitCodeAttempts } from "./limit-code-attempts.ts";
import { replaceRecoveryCodes } from "./replace-recovery-codes.ts";
import type { RecoveryCodes } from "./schemas.ts";

/** A new set of ten recovery codes, proven by a current TOTP code; every earlier code stops working. */
export async function regenerateRecoveryCodes(userId: string, code: string, context: RequestContext, now = new Date()): Promise<RecoveryCodes> {
  return limitCodeAttempts({ userId, action: "regenerate_recovery_codes", context, wrongCode: "code: is not the current code of the authenticator app" }, async () => {
    await assertTotpOn(userId);
    if (!(await verifyTotpCode(userId, code, now))) return null;
    const recoveryCodes = await (await db()).$transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, userId);
      await recordSecurityEvent({ userId, type: "recovery_codes_regenerated", context }, tx);
      return codes;
    });
    return { status: "ok" as const, recovery_codes: recoveryCodes };
  }, now);
}
