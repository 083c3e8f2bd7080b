import "server-only";
import type { Database } from "../db/database.ts";
import { byGroupThenName } from "../i18n/name-order.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { giveBack, kioskMissKey, recordKioskAlert, takeKioskAttempt } from "./guess-limits.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { issueKioskPresence } from "./kiosk-presence.ts";
import { KIOSK_REFUSALS } from "./kiosk-refusals.ts";
import { finishKioskPhoneCheck, verifiedHoldersOf } from "./phone-check.ts";
import { resolveScannedCode } from "./scanned-code.ts";
import { HouseholdSchema, HouseholdSearchSchema, type FindHouseholdBody, type Household, type HouseholdSearch } from "./schemas.ts";

/**
 * POST /api/v1/kiosk/households (docs/decisions/0023, "Finding a household"): the adult proves they are at the
 * tablet, by scanning their own member code or household card, or by typing back the code texted to their
 * phone (lib/check-in/phone-check.ts). Answers their household (or, without one, them and their dependants)
 * by first names, ids and roles only, never notes, with a proof of presence for this tablet that checking in
 * needs. A bad scan or code is a miss of the tablet.
 */
export async function findHousehold(database: Database, kiosk: Kiosk, body: FindHouseholdBody, context: RequestContext, now = new Date()): Promise<HouseholdSearch> {
  // Counted as a miss until the scan or code proves right (decision 0031: no burst slips past the limit).
  const attempt = await takeKioskAttempt(database, [kioskMissKey(kiosk)]);
  if ("member_code" in body) {
    const scanned = await resolveScannedCode(database, body.member_code, now);
    const household = scanned ? await householdOf(database, scanned.userId) : null;
    if (!scanned || !household) {
      await recordKioskAlert(database, kiosk, "invalid_member_code", context);
      throw new IdentityError("invalid_request", KIOSK_REFUSALS.invalidMemberCode);
    }
    await giveBack(database, attempt);
    return HouseholdSearchSchema.parse({ households: [{ ...household, scanned_id: scanned.userId }], presence: await issueKioskPresence([scanned.userId], kiosk.deviceId, now) });
  }
  const phone = await finishKioskPhoneCheck(database, kiosk, body.phone_check_id, body.code, context, now);
  await giveBack(database, attempt);
  const holders = await verifiedHoldersOf(database, phone);
  const households: Household[] = [];
  const seen = new Set<string>();
  for (const holder of holders) {
    const household = await householdOf(database, holder);
    const id = household?.family_id ?? `member:${holder}`;
    if (!household || seen.has(id)) continue;
    seen.add(id);
    // The phone's holder is who stands at the kiosk: the page need not ask who drops off.
    households.push({ ...household, scanned_id: holder });
  }
  if (households.length === 0) throw new IdentityError("not_found", KIOSK_REFUSALS.unknownPhone);
  return HouseholdSearchSchema.parse({ households, presence: await issueKioskPresence(holders, kiosk.deviceId, now) });
}

/** The member's household members, or the member and their dependants when they have no household. */
export async function householdOf(database: Database, userId: string): Promise<Household | null> {
  const members = await database.query<{ id: string; given_name: string; role: "adult" | "child"; family_id: string | null }>(
    `WITH me AS (SELECT a.id, m.family_id FROM account a LEFT JOIN family_member m ON m.user_id = a.id WHERE a.id = $1::uuid AND a.disabled_at IS NULL)
     SELECT a.id::text AS id, a.given_name, m.role, m.family_id::text AS family_id
       FROM me JOIN family_member m ON m.family_id = me.family_id JOIN account a ON a.id = m.user_id
      WHERE a.disabled_at IS NULL
     UNION
     SELECT a.id::text, a.given_name, 'adult', NULL FROM me JOIN account a ON a.id = me.id WHERE me.family_id IS NULL
     UNION
     SELECT a.id::text, a.given_name, 'child', NULL FROM me JOIN guardianship g ON g.guardian_id = me.id AND g.ended_at IS NULL
       JOIN account a ON a.id = g.dependent_id WHERE me.family_id IS NULL AND a.disabled_at IS NULL
     ORDER BY 3, 2, 1`,
    [userId],
  );
  if (members.length === 0) return null;
  const ordered = byGroupThenName(members, (member) => member.given_name, (member) => member.id, (member) => member.role);
  return HouseholdSchema.parse({ family_id: members.find((member) => member.family_id)?.family_id ?? null, members: ordered.map(({ id, given_name, role }) => ({ id, given_name, role })) });
}
