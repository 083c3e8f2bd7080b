import "server-only";
import { sql } from "../db.ts";
import { TOTP_STATUS } from "../accounts/verify-totp-code.ts";
import { MFA_STATUS, type MfaState } from "./schemas.ts";

/** Whether the member's TOTP is off, set up but unconfirmed, or on, and how many recovery codes are left. */
export async function getMfaState(userId: string): Promise<MfaState> {
  const [row] = await sql<{ status: string | null; confirmed_at: Date | null; remaining: number }>(
    `SELECT t.status, t.confirmed_at,
            (SELECT count(*)::int FROM recovery_code r WHERE r.user_id = $1 AND r.used_at IS NULL) AS remaining
       FROM (SELECT $1::uuid AS user_id) me LEFT JOIN totp_credential t ON t.user_id = me.user_id`,
    [userId],
  );
  if (row?.status === TOTP_STATUS.confirmed) {
    return { status: MFA_STATUS.enabled, enabled_at: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null, recovery_codes_remaining: row.remaining };
  }
  return { status: row?.status === TOTP_STATUS.pending ? MFA_STATUS.pending : MFA_STATUS.disabled, enabled_at: null, recovery_codes_remaining: 0 };
}
