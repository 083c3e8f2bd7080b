import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { liveSecretOf, replaceLiveSecret, revokeLiveSecret, type LiveSecretKind } from "./live-secret.ts";

// One live secret per member, for both kinds that are one (a household card, a private calendar feed): a new
// one replaces the live one, two at once for one member leave exactly one live, a revoked one is gone, and
// each step is in the member's security log.
const database = serviceTestDatabase();

const KINDS: LiveSecretKind[] = [
  { table: "check_in_card", hashColumn: "secret_hash", noun: "check-in card", issued: "check_in_card_issued", revoked: "check_in_card_revoked", idDetail: "card_id" },
  { table: "calendar_feed_token", hashColumn: "token_hash", noun: "schedule feed", issued: "schedule_feed_issued", revoked: "schedule_feed_revoked", idDetail: "feed_id" },
];

const hash = () => crypto.randomUUID().replaceAll("-", "");

describe.each(KINDS)("one live $table per member", (kind) => {
  it("replaces the live one, and two at once leave exactly one live", async () => {
    const member = await insertMember(database);
    const first = await replaceLiveSecret(database, kind, member.id, hash(), TEST_CONTEXT);
    const second = await replaceLiveSecret(database, kind, member.id, hash(), TEST_CONTEXT);
    expect((await liveSecretOf(database, kind, member.id))?.id).toBe(second.id);
    expect(second.id).not.toBe(first.id);

    const racing = await Promise.all([1, 2, 3].map(() => replaceLiveSecret(database, kind, member.id, hash(), TEST_CONTEXT)));
    const [live] = await database.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${kind.table} WHERE user_id = $1::uuid AND revoked_at IS NULL`, [member.id]);
    expect(live!.count).toBe(1);
    expect(racing.map((row) => row.id)).toContain((await liveSecretOf(database, kind, member.id))?.id);

    const issued = (await securityEventsOf(database, member.id)).filter((event) => event.type === kind.issued);
    expect(issued).toHaveLength(5);
    expect(issued.filter((event) => (event.detail as { replaced: boolean }).replaced)).toHaveLength(4);
  });

  it("revokes the live one, and without one answers not_found", async () => {
    const member = await insertMember(database);
    const made = await replaceLiveSecret(database, kind, member.id, hash(), TEST_CONTEXT);
    await revokeLiveSecret(database, kind, member.id, TEST_CONTEXT);
    expect(await liveSecretOf(database, kind, member.id)).toBeUndefined();
    expect(await securityEventsOf(database, member.id)).toContainEqual({ type: kind.revoked, detail: { [kind.idDetail]: made.id } });
    expect(await failure(revokeLiveSecret(database, kind, member.id, TEST_CONTEXT))).toMatchObject({ code: "not_found", description: `${kind.noun} not found` });
  });
});
