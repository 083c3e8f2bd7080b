import "server-only";
import type { Database } from "../db/database.ts";
import { TOTP_STATUS } from "../sign-in/verify-totp-code.ts";
import { MFA_STATUS, type MfaState } from "./schemas.ts";

/** Whether the member's TOTP is off, set up but unconfirmed, or on, and how many recovery codes are left. */
export async function getMfaState(database: Database, userId: string): Promise<MfaState> {
  const credential = await database.prisma.totpCredential.findUnique({ where: { userId }, select: { status: true, confirmedAt: true } });
  if (credential?.status === TOTP_STATUS.confirmed) {
    const remaining = await database.prisma.recoveryCode.count({ where: { userId, usedAt: null } });
    return { status: MFA_STATUS.enabled, enabled_at: credential.confirmedAt?.toISOString() ?? null, recovery_codes_remaining: remaining };
  }
  return { status: credential?.status === TOTP_STATUS.pending ? MFA_STATUS.pending : MFA_STATUS.disabled, enabled_at: null, recovery_codes_remaining: 0 };
}
