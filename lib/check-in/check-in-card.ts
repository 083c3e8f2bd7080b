import "server-only";
import { readChurch } from "../church-settings/church.ts";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { liveSecretOf, liveSecretView, replaceLiveSecret, revokeLiveSecret, type LiveSecretKind, type LiveSecretRow } from "../member-secrets/live-secret.ts";
import { newCardCode } from "./card-code.ts";
import { householdOf } from "./find-household.ts";
import { CheckInCardSchema, CheckInCardStatusSchema, IssuedCheckInCardSchema, type CheckInCard, type IssuedCheckInCard } from "./schemas.ts";

/**
 * The member's household card (docs/decisions/0023, "Household card"; the code in card-code.ts): status, issue
 * or replace, revoke; a member's one live secret (lib/member-secrets/live-secret.ts).
 */
const HOUSEHOLD_CARD: LiveSecretKind = {
  table: "check_in_card",
  hashColumn: "secret_hash",
  noun: "check-in card",
  issued: "check_in_card_issued",
  revoked: "check_in_card_revoked",
  idDetail: "card_id",
};

const view = (row: LiveSecretRow): CheckInCard => CheckInCardSchema.parse(liveSecretView(row));

/** GET /api/v1/users/me/check-in-card: the member's live card, without its code. */
export async function getCheckInCard(database: Database, userId: string) {
  const row = await liveSecretOf(database, HOUSEHOLD_CARD, userId);
  return CheckInCardStatusSchema.parse({ card: row ? view(row) : null });
}

/**
 * POST /api/v1/users/me/check-in-card: a new card, replacing (revoking) the live one in the same transaction.
 * Answers the code, this once, with what is printed on the card: the church, the member's name and the first
 * names of the rest of their household.
 */
export async function issueCheckInCard(database: Database, userId: string, context: RequestContext, now = new Date()): Promise<IssuedCheckInCard> {
  const code = newCardCode();
  const card = await replaceLiveSecret(database, HOUSEHOLD_CARD, userId, hashToken(code), context, now);
  const [member] = await database.query<{ given_name: string; family_name: string }>(`SELECT given_name, family_name FROM account WHERE id = $1::uuid`, [userId]);
  const household = await householdOf(database, userId);
  return IssuedCheckInCardSchema.parse({
    card: view(card),
    code,
    print: {
      church_name: (await readChurch(database)).name,
      name: [member?.given_name, member?.family_name].filter(Boolean).join(" "),
      household: (household?.members ?? []).filter((person) => person.id !== userId).map((person) => person.given_name),
    },
  });
}

/** DELETE /api/v1/users/me/check-in-card: the live card stops working at once; `not_found` without one. */
export async function revokeCheckInCard(database: Database, userId: string, context: RequestContext, now = new Date()) {
  await revokeLiveSecret(database, HOUSEHOLD_CARD, userId, context, now);
  return CheckInCardStatusSchema.parse({ card: null });
}
