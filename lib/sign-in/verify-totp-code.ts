import "server-only";
import { verify } from "otplib";
import { openSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) as the second factor. A credential is `pending` from enrolment
 * until a valid code confirms it; only a `confirmed` one is asked for at sign-in.
 */
export const TOTP_STATUS = { pending: "pending", confirmed: "confirmed" } as const;
export type TotpStatus = (typeof TOTP_STATUS)[keyof typeof TOTP_STATUS];

export const TOTP_PERIOD_SECONDS = 30;

/** ±1 step of 30 s, for clocks that drift and codes typed as they roll over. */
export const TOTP_EPOCH_TOLERANCE_SECONDS = 30;

/**
 * The 30-second step `token` belongs to when it is a valid code for `secret` within ±1 step of `now`,
 * else null. Callers record the step, so the same code is never accepted twice.
 */
export async function totpStepOf(secret: string, token: string, now = new Date()): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token, epoch, epochTolerance: TOTP_EPOCH_TOLERANCE_SECONDS });
  if (!result.valid) return null;
  // Now's step shifted by where the code matched (-1, 0, +1).
  return Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
}

/**
 * True when `token` is the member's current TOTP code (±1 step) and that step was not used before. The
 * step is recorded with a conditional UPDATE, so of two requests racing with the same code only one wins,
 * and a code older than the last accepted one is refused too.
 */
export async function verifyTotpCode(database: Database, userId: string, token: string, now = new Date()): Promise<boolean> {
  const credential = await database.prisma.totpCredential.findUnique({
    where: { userId },
    select: { secretEncrypted: true, status: true },
  });
  if (!credential || credential.status !== TOTP_STATUS.confirmed) return false;
  const step = await totpStepOf(await openSecret("totp", credential.secretEncrypted), token, now);
  if (step === null) return false;
  const claimed = await database.prisma.totpCredential.updateMany({
    where: { userId, status: TOTP_STATUS.confirmed, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
    data: { lastUsedStep: step },
  });
  return claimed.count === 1;
}
