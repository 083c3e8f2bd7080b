import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { verifyTotpCode } from "../sign-in/verify-totp-code.ts";
import { assertTotpOn } from "./disable-totp.ts";
import { limitCodeAttempts } from "./limit-code-attempts.ts";
import { replaceRecoveryCodes } from "./replace-recovery-codes.ts";
import type { RecoveryCodes } from "./schemas.ts";

/** A new set of ten recovery codes, proven by a current TOTP code; every earlier code stops working. */
export async function regenerateRecoveryCodes(database: Database, userId: string, code: string, context: RequestContext, now = new Date()): Promise<RecoveryCodes> {
  return limitCodeAttempts(database, { userId, action: "regenerate_recovery_codes", context, wrongCode: "code: is not the current code of the authenticator app" }, async () => {
    await assertTotpOn(database, userId);
    if (!(await verifyTotpCode(database, userId, code, now))) return null;
    const recoveryCodes = await database.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, userId);
      await recordSecurityEvent(tx, { userId, type: "recovery_codes_regenerated", context });
      return codes;
    });
    return { status: "ok" as const, recovery_codes: recoveryCodes };
  }, now);
}
