import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken } from "../support/admin.ts";
import { api, callFromOwnIp, invalidRequest, memberWithToken, notFound, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { insertRecord, linkedUserOf } from "../support/membership.ts";

/**
 * The membership register as the church office keeps it (issue 17, docs/decisions/0017): a record shows the
 * account linked to it (name and email); staff correct a record (only the fields sent change, each refusal
 * names its field and changes nothing) and unlink it from its account, each in the linked member's security
 * log with the staff member's id. Unknown ids are not_found; members are refused.
 */
callFromOwnIp();

const HARBOR = { id: "cmp_harbor_point", name: "Harbor Point Campus" };
const LAKESHORE = { id: "cmp_lakeshore", name: "Lakeshore Campus" };

async function linkedRecord(label: string) {
  const { member, token } = await memberWithToken(label);
  const record = await insertRecord({ email: member.email });
  await sql(`UPDATE membership_record SET linked_user_id = $1, linked_at = now() WHERE id = $2`, [member.id, record.id]);
  return { member, record, token };
}

async function recordRow(id: string) {
  const [row] = await sql(`SELECT given_name, family_name, birth_date, email, phone, household_id, campus_id, linked_user_id FROM membership_record WHERE id = $1`, [id]);
  return row;
}

test("a linked record shows its account, in the list and alone", async () => {
  const { token } = await staffWithToken("rec-linked");
  const { member, record } = await linkedRecord("rec-linked-member");
  const account = { id: member.id, email: member.email, given_name: member.givenName, family_name: member.familyName };
  const list = await api("GET", `/api/v1/admin/membership/records?q=${record.familyName}&linked=true`, token);
  expect(list.body).toMatchObject({ metadata: { total: 1, page: 1, per: 20 }, items: [{ membership_id: record.id, linked_user_id: member.id, linked_account: account }] });
  const one = await api("GET", `/api/v1/admin/membership/records/${record.id}`, token);
  expect(one.body).toMatchObject({ membership_id: record.id, linked_account: account, linked_at: expect.stringMatching(/Z$/) });
});

test("edit: only the fields sent change, contacts are normalised, null clears; the linked member's log names the fields, not the values", async () => {
  const { member: staff, token } = await staffWithToken("rec-editor");
  const { member, record } = await linkedRecord("rec-edited");
  const edited = await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, {
    body: { given_name: "  Ada ", email: "ADA.Lovelace@Example.ORG", phone: "+1 (415) 555-0123", birth_date: "1985-12-10", household_id: null, campus_id: LAKESHORE.id },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect(edited.body).toMatchObject({
    membership_id: record.id,
    given_name: "Ada",
    family_name: record.familyName,
    birth_date: "1985-12-10",
    email: "ada.lovelace@example.org",
    phone: "+14155550123",
    household_id: null,
    campus: LAKESHORE,
    linked_user_id: member.id,
  });
  expect(await recordRow(record.id)).toEqual({
    given_name: "Ada",
    family_name: record.familyName,
    birth_date: "1985-12-10",
    email: "ada.lovelace@example.org",
    phone: "+14155550123",
    household_id: null,
    campus_id: LAKESHORE.id,
    linked_user_id: member.id,
  });
  const events = (await securityEvents(member.id)).filter((event) => event.type === "membership_record_updated");
  expect(events.map((event) => event.detail)).toEqual([{ membership_id: record.id, by: staff.id, fields: ["birth_date", "campus_id", "email", "given_name", "household_id", "phone"] }]);
  expect(JSON.stringify(events)).not.toContain("ada.lovelace");

  // Clearing: null empties an optional field; the rest stays.
  const cleared = await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body: { phone: null, campus_id: null, birth_date: null } });
  expect(cleared.body).toMatchObject({ phone: null, campus: null, birth_date: null, email: "ada.lovelace@example.org", given_name: "Ada" });

  // An unlinked record's edit concerns no member: nothing is logged anywhere.
  const unlinked = await insertRecord();
  const before = await sql(`SELECT count(*)::int AS n FROM security_event WHERE detail->>'membership_id' = $1`, [unlinked.id]);
  expect((await api("PATCH", `/api/v1/admin/membership/records/${unlinked.id}`, token, { body: { family_name: "Byron" } })).body).toMatchObject({ family_name: "Byron", linked_account: null });
  expect(await sql(`SELECT count(*)::int AS n FROM security_event WHERE detail->>'membership_id' = $1`, [unlinked.id])).toEqual(before);
});

test("edit: each bad body is invalid_request naming the field and changes nothing; an unknown record is not_found", async () => {
  const { token } = await staffWithToken("rec-bad");
  const record = await insertRecord({ email: "bad.edit@example.org", phone: "+12025550199" });
  const before = await recordRow(record.id);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const cases: [body: unknown, description: string][] = [
    [{}, "the body must change at least one field"],
    [{ shoe_size: "9" }, 'Unrecognized key: "shoe_size"'],
    [{ gender: "other" }, "gender: must be one of female, male, or null"],
    [{ address: "x".repeat(301) }, "address: must be from 1 to 300 characters"],
    [{ nickname: "" }, "nickname: must be from 1 to 100 characters"],
    [{ given_name: "" }, "given_name: must be from 1 to 100 characters"],
    [{ family_name: "x".repeat(101) }, "family_name: must be from 1 to 100 characters"],
    [{ given_name: null }, "given_name: must be from 1 to 100 characters"],
    [{ given_name: "Ann\u0007" }, "given_name: must not contain control characters"],
    [{ email: "not-an-address" }, "email: must be an email address"],
    [{ email: 7 }, "email: must be an email address"],
    [{ phone: "4155550123" }, "phone: must be a phone number with its country code, like +14155550123"],
    [{ phone: "+1 415 555 01234567890" }, "phone: must be a phone number with its country code, like +14155550123"],
    [{ birth_date: "1985-02-30" }, "birth_date: must be a date from 1900 to today, YYYY-MM-DD"],
    [{ birth_date: "1899-12-31" }, "birth_date: must be a date from 1900 to today, YYYY-MM-DD"],
    [{ birth_date: tomorrow }, "birth_date: must be a date from 1900 to today, YYYY-MM-DD"],
    [{ household_id: "" }, "household_id: must be from 1 to 64 characters"],
    [{ campus_id: "cmp_nowhere" }, "campus_id: no such campus"],
    // Was a foreign-key 500 (found by the hostile-input proof, seed 364967).
    [{ campus_id: "" }, "campus_id: no such campus"],
    [{ campus_id: 3 }, "campus_id: must be a campus id"],
  ];
  for (const [body, description] of cases) {
    const answer = await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
  }
  expect(await recordRow(record.id)).toEqual(before);
  // Today is a birth date the register takes (a newborn's).
  expect((await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body: { birth_date: today } })).body.birth_date).toBe(today);
  // What an import brings can be corrected too, and cleared with null.
  const fuller = await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body: { middle_name: "Grace", nickname: "Gigi", gender: "female", address: "12 Harbour Road, Boston MA 02110" } });
  expect(fuller.body).toMatchObject({ middle_name: "Grace", nickname: "Gigi", gender: "female", address: "12 Harbour Road, Boston MA 02110" });
  expect((await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body: { gender: null, address: null } })).body).toMatchObject({ gender: null, address: null, nickname: "Gigi" });

  expect((await api("PATCH", "/api/v1/admin/membership/records/mbr_doesnotexist", token, { body: { given_name: "Ann" } })).body).toEqual(notFound("membership record"));
  expect((await api("PATCH", `/api/v1/admin/membership/records/${"m".repeat(300)}`, token, { body: { given_name: "Ann" } })).body).toEqual(notFound("membership record"));
  expect((await api("PATCH", "/api/v1/admin/membership/records/mbr_doesnotexist", token, { body: { campus_id: HARBOR.id } })).status).toBe(404);
});

test("unlink: the record leaves its account, the member's log says who; again it is answered unchanged; unknown is not_found", async () => {
  const { member: staff, token } = await staffWithToken("rec-unlinker");
  const { member, record, token: memberToken } = await linkedRecord("rec-unlinked");
  expect((await api("GET", "/api/v1/users/me/membership", memberToken)).body.membership).toMatchObject({ membership_id: record.id });
  const unlinked = await api("POST", `/api/v1/admin/membership/records/${record.id}/unlink`, token);
  expect(unlinked.status).toBe(200);
  expect(unlinked.body).toMatchObject({ membership_id: record.id, linked_user_id: null, linked_at: null, linked_account: null });
  expect(await linkedUserOf(record.id)).toBeNull();
  const logged = () => securityEvents(member.id).then((events) => events.filter((event) => event.type === "membership_unlinked"));
  expect((await logged()).map((event) => event.detail)).toEqual([{ membership_id: record.id, by: staff.id }]);

  const again = await api("POST", `/api/v1/admin/membership/records/${record.id}/unlink`, token);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(unlinked.body);
  expect(await logged()).toHaveLength(1);

  // The member's own view shows no record: they are free to claim one again.
  expect((await api("GET", "/api/v1/users/me/membership", memberToken)).body.membership).toBeNull();

  expect((await api("POST", "/api/v1/admin/membership/records/mbr_doesnotexist/unlink", token)).body).toEqual(notFound("membership record"));
  expect((await api("POST", `/api/v1/admin/membership/records/${"m".repeat(65)}/unlink`, token)).body).toEqual(notFound("membership record"));
});

test("a member, even the one linked, is refused editing and unlinking (missing permission), and nothing changes", async () => {
  const { token: otherToken } = await memberWithToken("rec-member");
  const { record, token: ownToken } = await linkedRecord("rec-member-linked");
  const before = await recordRow(record.id);
  for (const token of [otherToken, ownToken]) {
    expect((await api("PATCH", `/api/v1/admin/membership/records/${record.id}`, token, { body: { given_name: "Mallory" } })).body).toEqual(forbidden("membership:write"));
    expect((await api("POST", `/api/v1/admin/membership/records/${record.id}/unlink`, token)).body).toEqual(forbidden("membership:write"));
  }
  expect(await recordRow(record.id)).toEqual(before);
});
