import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";

/**
 * WebAuthn challenges, kept in PostgreSQL so any instance can check the answer (docs/decisions/0021):
 * - single use: answering deletes the row, in the same statement that reads it, so two answers racing on
 *   two instances cannot both succeed;
 * - short-lived: CHALLENGE_SECONDS, a little longer than the ceremony's own timeout;
 * - bound to the browser that asked: the row is found only by the hash of its binding, a random value in
 *   that browser's cookie (sign-in) or its signed-in session (registration). Starting again from the same
 *   browser replaces the waiting challenge, so a browser has at most one ceremony of a kind open.
 */
export const CHALLENGE_SECONDS = 5 * 60;
/** What the browser is told to wait for (ms): the challenge outlives it, so a slow answer is still checked. */
export const CEREMONY_TIMEOUT_MS = 4 * 60 * 1000;

export type ChallengePurpose = "registration" | "authentication";

export interface IssuedChallenge {
  challenge: string;
  expiresAt: Date;
}

function bindingHash(purpose: ChallengePurpose, binding: string): string {
  return hashToken(`${purpose}\n${binding}`);
}

/** A fresh random binding for a browser that has none yet (the sign-in cookie's value). */
export function newChallengeBinding(): string {
  return randomToken();
}

export async function issueChallenge(
  database: Database,
  input: { purpose: ChallengePurpose; binding: string; userId?: string | null },
  now = new Date(),
): Promise<IssuedChallenge> {
  const challenge = randomToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000);
  await database.query(
    `INSERT INTO webauthn_challenge (purpose, binding_hash, challenge, user_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4::uuid, $5, $6)
     ON CONFLICT (binding_hash) DO UPDATE
       SET challenge = EXCLUDED.challenge, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
    [input.purpose, bindingHash(input.purpose, input.binding), challenge, input.userId ?? null, expiresAt, now],
  );
  return { challenge, expiresAt };
}

/** Expired challenges cleared per call: more than one new challenge adds, so expired rows never pile up. */
export const EXPIRED_CHALLENGES_PER_CALL = 20;

/**
 * Deletes a few expired challenges of anyone's (lib/system/cleanup-expired.ts deletes the rest daily): a
 * batch nobody else is deleting (SKIP LOCKED), found by the expiry index. Answers how many went.
 */
export async function deleteExpiredChallenges(database: Database, now = new Date()): Promise<number> {
  // Raw: a bounded batch of rows nobody else holds (docs/decisions/0019, reason 2).
  const rows = await database.query<{ deleted: number }>(
    `WITH doomed AS (
       SELECT id FROM webauthn_challenge WHERE expires_at < $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), gone AS (
       DELETE FROM webauthn_challenge WHERE id IN (SELECT id FROM doomed) RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [now, EXPIRED_CHALLENGES_PER_CALL],
  );
  return rows[0]?.deleted ?? 0;
}

export interface ConsumedChallenge {
  challenge: string;
  userId: string | null;
}

/** Takes the browser's waiting challenge (deleting it); null when there is none or it has expired. */
export async function consumeChallenge(
  database: Database,
  input: { purpose: ChallengePurpose; binding: string },
  now = new Date(),
): Promise<ConsumedChallenge | null> {
  const rows = await database.query<{ challenge: string; user_id: string | null; live: boolean }>(
    `DELETE FROM webauthn_challenge WHERE binding_hash = $1 AND purpose = $2
     RETURNING challenge, user_id, expires_at > $3 AS live`,
    [bindingHash(input.purpose, input.binding), input.purpose, now],
  );
  const row = rows[0];
  return row && row.live ? { challenge: row.challenge, userId: row.user_id } : null;
}
