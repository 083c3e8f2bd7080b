import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { EXPORT_SECTIONS } from "../privacy/export-sections.ts";
import { newCardCode } from "./card-code.ts";
import { CARD_CODE_PREFIX } from "./rules.ts";
import { getCheckInCard, issueCheckInCard, revokeCheckInCard } from "./check-in-card.ts";
import { findKioskPickup, kioskCheckOut } from "./check-out.ts";
import { findHousehold } from "./find-household.ts";
import { kioskMissKey } from "./guess-limits.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { kioskCheckIn } from "./kiosk-check-in.ts";
import { insertCampus, insertEvent, insertKiosk } from "./test-setup.ts";

// The household card (docs/decisions/0023, "Household card") on a database with every migration: it finds the
// household and collects a child as the member's own code does; replaced or revoked, it is refused exactly as
// a bad member code, and counted as the same kiosk miss; only its hash is stored.
const database = serviceTestDatabase();
const MINUTE = 60_000;
const INVALID = { code: "invalid_request", description: "member_code: is not a valid or current check-in code" };

async function household() {
  const { prisma } = database;
  const family = await prisma.family.create({ data: { name: "The Okafors", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const gran = await insertMember(database, { givenName: "Grace", familyName: "Okafor" });
  const dad = await insertMember(database, { givenName: "Obi" });
  const ada = await insertMember(database, { givenName: "Ada", email: null, password: false });
  await prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: gran.id, role: "adult" },
      { familyId: family.id, userId: dad.id, role: "adult" },
      { familyId: family.id, userId: ada.id, role: "child" },
    ],
  });
  return { familyId: family.id, gran: gran.id, dad: dad.id, ada: ada.id };
}

const misses = async (lobby: Kiosk) => {
  const [row] = await database.query<{ failures: number }>(`SELECT failures FROM attempt_counter WHERE key = $1`, [kioskMissKey(lobby).key]);
  return row?.failures ?? 0;
};

describe("the household check-in card", () => {
  it("is a scanner-friendly code of at least 128 random bits", () => {
    const codes = new Set(Array.from({ length: 50 }, () => newCardCode()));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^CARD-[A-Z2-7]{32}$/); // 32 × 5 = 160 bits
  });

  it("finds the household and collects a child; replaced or revoked, it is refused as a bad member code", async () => {
    const campus = await insertCampus(database);
    const lobby = await insertKiosk(database, campus);
    const home = await household();
    const now = new Date();
    const event = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 20 * MINUTE) });

    expect(await getCheckInCard(database, home.gran)).toEqual({ card: null });
    const issued = await issueCheckInCard(database, home.gran, TEST_CONTEXT, now);
    expect(issued.code.startsWith(CARD_CODE_PREFIX)).toBe(true);
    expect(issued.print).toEqual({ church_name: expect.any(String), name: "Grace Okafor", household: ["Obi", "Ada"] });
    expect(issued.card).toEqual({ id: expect.any(String), created_at: now.toISOString(), last_used_at: null });

    // Only the hash is stored: neither the code nor its random part is in any column.
    const [stored] = await database.query<Record<string, unknown>>(`SELECT * FROM check_in_card WHERE id = $1::uuid`, [issued.card.id]);
    expect(JSON.stringify(stored)).not.toContain(issued.code.slice(CARD_CODE_PREFIX.length));
    expect(stored!.secret_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The card finds the household (scanned in lower case too: a scanner left in Caps Lock), and notes the use.
    const found = await findHousehold(database, lobby, { member_code: ` ${issued.code.toLowerCase()}\n` }, TEST_CONTEXT, now);
    expect(found.households[0]).toMatchObject({ family_id: home.familyId, scanned_id: home.gran });
    expect(found.households[0]!.members.map((m) => m.given_name)).toEqual(["Grace", "Obi", "Ada"]);
    expect((await getCheckInCard(database, home.gran)).card?.last_used_at).toEqual(expect.any(String));

    // Checked in by the card's holder, collected by the card of an authorized adult.
    const dadCard = await issueCheckInCard(database, home.dad, TEST_CONTEXT, now);
    const { check_ins: [adaIn] } = await kioskCheckIn(database, lobby, { presence: found.presence, guardian_id: home.gran, children: [{ child_id: home.ada, event_id: event }] }, TEST_CONTEXT, now);
    expect(adaIn!.security_code).toBeTruthy();
    // A card is not spent by a pickup (it is not a rotating code): the same card may look again and collect.
    expect(await findKioskPickup(database, lobby, { member_code: dadCard.code }, TEST_CONTEXT, now)).toMatchObject({ children: [{ check_in_id: adaIn!.id, given_name: "Ada" }] });
    expect(await kioskCheckOut(database, lobby, { member_code: dadCard.code, check_in_ids: [adaIn!.id] }, TEST_CONTEXT, now)).toMatchObject({ check_ins: [{ given_name: "Ada", checked_out_at: now.toISOString() }] });
    const [row] = await database.query<{ picked_up_by: string; check_out_method: string }>(`SELECT picked_up_by::text, check_out_method FROM check_in WHERE id = $1::uuid`, [adaIn!.id]);
    expect(row).toEqual({ picked_up_by: home.dad, check_out_method: "adult" });

    // Replaced: the old card is refused (same error, counted as a miss), the new one works; one live card.
    const before = await misses(lobby);
    const replacement = await issueCheckInCard(database, home.gran, TEST_CONTEXT, new Date(now.getTime() + MINUTE));
    expect(await failure(findHousehold(database, lobby, { member_code: issued.code }, TEST_CONTEXT, now))).toMatchObject(INVALID);
    expect(await misses(lobby)).toBe(before + 1);
    expect((await findHousehold(database, lobby, { member_code: replacement.code }, TEST_CONTEXT, now)).households[0]?.scanned_id).toBe(home.gran);
    const live = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM check_in_card WHERE user_id = $1::uuid AND revoked_at IS NULL`, [home.gran]);
    expect(live).toEqual([{ n: 1 }]);
    expect(await getCheckInCard(database, home.gran)).toMatchObject({ card: { id: replacement.card.id } });

    // The database itself refuses a second live card.
    const twice = await failure<Error>(database.query(`INSERT INTO check_in_card (user_id, secret_hash) VALUES ($1::uuid, 'another-hash')`, [home.gran]));
    expect(twice?.message).toMatch(/check_in_card_user_live_key|unique/i);

    // Revoked: refused at the household search and at pickup, as a bad member code; a second revoke finds nothing.
    expect(await revokeCheckInCard(database, home.dad, TEST_CONTEXT)).toEqual({ card: null });
    expect(await failure(findHousehold(database, lobby, { member_code: dadCard.code }, TEST_CONTEXT, now))).toMatchObject(INVALID);
    expect(await failure(kioskCheckOut(database, lobby, { member_code: dadCard.code, check_in_ids: [adaIn!.id] }, TEST_CONTEXT, now))).toMatchObject(INVALID);
    expect(await failure(revokeCheckInCard(database, home.dad, TEST_CONTEXT))).toMatchObject({ code: "not_found", description: "check-in card not found" });

    // An unknown card, and a card of the right shape that was never issued, are refused the same way.
    expect(await failure(findHousehold(database, lobby, { member_code: newCardCode() }, TEST_CONTEXT, now))).toMatchObject(INVALID);
    expect(await failure(findHousehold(database, lobby, { member_code: "CARD-not-a-card" }, TEST_CONTEXT, now))).toMatchObject(INVALID);

    // A disabled member's card finds nobody.
    await database.prisma.user.update({ where: { id: home.gran }, data: { disabledAt: now } });
    expect(await failure(findHousehold(database, lobby, { member_code: replacement.code }, TEST_CONTEXT, now))).toMatchObject(INVALID);

    // The security log and the privacy export: what happened and when, never the code or its hash.
    // (Issued within the same millisecond, the two entries may list either way: compared in a fixed order.)
    const granLog = (await securityEventsOf(database, home.gran)).map((e) => [e.type, (e.detail as { replaced?: boolean }).replaced] as const);
    expect(granLog.toSorted((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ["check_in_card_issued", false],
      ["check_in_card_issued", true],
    ]);
    expect((await securityEventsOf(database, home.dad)).map((e) => e.type)).toEqual(["check_in_card_issued", "check_in_card_revoked"]);
    const exported = await EXPORT_SECTIONS.check_in_cards(database, { userId: home.gran, email: null, phone: null });
    expect(exported).toEqual([
      { id: issued.card.id, created_at: now.toISOString(), revoked_at: expect.any(String), last_used_at: expect.any(String) },
      { id: replacement.card.id, created_at: expect.any(String), revoked_at: null, last_used_at: expect.any(String) },
    ]);
    expect(JSON.stringify(exported)).not.toContain(stored!.secret_hash as string);
  });
});
