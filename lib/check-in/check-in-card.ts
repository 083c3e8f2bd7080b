import "server-only";
import { churchName } from "../church.ts";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { newCardCode } from "./card-code.ts";
import { householdOf } from "./find-household.ts";
import { CheckInCardSchema, CheckInCardStatusSchema, IssuedCheckInCardSchema, type CheckInCard, type IssuedCheckInCard } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

interface CardRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The member's household card (docs/decisions/0023, "Household card"; the code in card-code.ts): status, issue or replace, revoke. */

const view = (row: CardRow): CheckInCard =>
  CheckInCardSchema.parse({ id: row.id, created_at: new Date(row.created_at).toISOString(), last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null });

/** GET /api/v1/users/me/check-in-card: the member's live card, without its code. */
export async function getCheckInCard(database: Database, userId: string) {
  const [row] = await database.query<CardRow>(`SELECT id::text AS id, created_at, last_used_at FROM check_in_card WHERE user_id = $1::uuid AND revoked_at IS NULL`, [userId]);
  return CheckInCardStatusSchema.parse({ card: row ? view(row) : null });
}

/**
 * POST /api/v1/users/me/check-in-card: a new card, replacing (revoking) the live one in the same transaction.
 * Answers the code, this once, with what is printed on the card: the church, the member's name and the first
 * names of the rest of their household.
 */
export async function issueCheckInCard(database: Database, userId: string, context: RequestContext, now = new Date()): Promise<IssuedCheckInCard> {
  const code = newCardCode();
  const card = await database.transaction(async (tx) => {
    // One issue at a time per member: two at once would both find no live card to revoke after the first
    // commits, and the second insert would break the one-live-card index (a 500 the hostile-input proof found).
    await lockAccount(tx, userId);
    const revoked = await tx.query<{ id: string }>(`UPDATE check_in_card SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    const [created] = await tx.query<CardRow>(
      `INSERT INTO check_in_card (user_id, secret_hash, created_at) VALUES ($1::uuid, $2, $3) RETURNING id::text AS id, created_at, last_used_at`,
      [userId, hashToken(code), now],
    );
    await recordSecurityEvent(tx, { userId, type: "check_in_card_issued", context, detail: { card_id: created!.id, replaced: revoked.length > 0 } });
    return created!;
  });
  const [member] = await database.query<{ given_name: string; family_name: string }>(`SELECT given_name, family_name FROM account WHERE id = $1::uuid`, [userId]);
  const household = await householdOf(database, userId);
  return IssuedCheckInCardSchema.parse({
    card: view(card),
    code,
    print: {
      church_name: churchName(),
      name: [member?.given_name, member?.family_name].filter(Boolean).join(" "),
      household: (household?.members ?? []).filter((person) => person.id !== userId).map((person) => person.given_name),
    },
  });
}

/** DELETE /api/v1/users/me/check-in-card: the live card stops working at once; `not_found` without one. */
export async function revokeCheckInCard(database: Database, userId: string, context: RequestContext, now = new Date()) {
  await database.transaction(async (tx) => {
    const [revoked] = await tx.query<{ id: string }>(`UPDATE check_in_card SET revoked_at = $2 WHERE user_id = $1::uuid AND revoked_at IS NULL RETURNING id::text AS id`, [userId, now]);
    if (!revoked) throw notFound("check-in card");
    await recordSecurityEvent(tx, { userId, type: "check_in_card_revoked", context, detail: { card_id: revoked.id } });
  });
  return CheckInCardStatusSchema.parse({ card: null });
}
