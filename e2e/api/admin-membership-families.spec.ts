import { expect, test } from "@playwright/test";
import { staffWithToken, uniqueWord } from "../support/admin.ts";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { insertRecord, linkedUserOf } from "../support/membership.ts";

/**
 * The membership register and members' link requests, families and guardianships through the staff API
 * (docs/decisions/0017): staff compare a request's member and record, approve (the record is linked, the
 * member sees it) or reject; households are listed without their codes; guardianships are recorded and
 * ended, giving and taking the guardian role at once.
 */
callFromOwnIp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HARBOR = { id: "cmp_harbor_point", name: "Harbor Point Campus" };
const suggest = (token: string, id: string) => api("POST", "/api/v1/users/me/membership/suggest", token, { body: { membership_id: id } });

test("a member's request, compared side by side, approved: linked, shown as the member's, others closed; approving again is a conflict", async () => {
  const { member: staff, token } = await staffWithToken("adm-approver");
  const { member, token: memberToken } = await memberWithToken("adm-asker");
  const record = await insertRecord();
  const other = await insertRecord();
  expect((await suggest(memberToken, record.id)).body).toEqual({ status: "ok" });
  expect((await suggest(memberToken, other.id)).body).toEqual({ status: "ok" });

  const listed = await api("GET", `/api/v1/admin/membership/suggestions?q=${record.familyName}`, token);
  expect(listed.status).toBe(200);
  const suggestion = {
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    status: "pending",
    created_at: expect.stringMatching(ISO),
    decided_at: null,
    member: { id: member.id, email: member.email, given_name: "Test", family_name: "Member adm-asker", birth_date: null },
    record: { membership_id: record.id, given_name: record.givenName, family_name: record.familyName, birth_date: "1980-01-01", campus: HARBOR, linked: false },
  };
  expect(listed.body).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [suggestion] });
  const id: string = listed.body.items[0].id;

  const approved = await api("POST", `/api/v1/admin/membership/suggestions/${id}/approve`, token);
  expect(approved.status).toBe(200);
  expect(approved.body).toEqual({ ...suggestion, id, status: "approved", decided_at: expect.stringMatching(ISO), record: { ...suggestion.record, linked: true } });
  expect(await linkedUserOf(record.id)).toBe(member.id);
  const mine = await api("GET", "/api/v1/users/me/membership", memberToken);
  expect(mine.body).toEqual({
    membership: { membership_id: record.id, campus: HARBOR, linked_at: expect.stringMatching(ISO), given_name: record.givenName, family_name: record.familyName, born: "1980" },
    requests: [],
  });
  const [closed] = await sql<{ status: string }>(`SELECT status FROM membership_link_request WHERE membership_id = $1`, [other.id]);
  expect(closed!.status).toBe("closed");
  const [decided] = await sql<{ decided_by: string }>(`SELECT decided_by::text AS decided_by FROM membership_link_request WHERE id = $1`, [id]);
  expect(decided!.decided_by).toBe(staff.id);
  expect((await securityEvents(member.id)).at(-1)).toEqual({ type: "membership_linked", detail: { membership_id: record.id, by: "staff" } });

  expect((await api("POST", `/api/v1/admin/membership/suggestions/${id}/approve`, token)).body).toEqual(conflict("this request is already approved"));
  expect((await api("POST", `/api/v1/admin/membership/suggestions/${id}/reject`, token)).body).toEqual(conflict("this request is already approved"));
  expect((await api("GET", `/api/v1/admin/membership/suggestions?status=approved&q=${record.familyName}`, token)).body.metadata.total).toBe(1);
});

test("reject: the request leaves the member's waiting list; a record linked meanwhile cannot be approved", async () => {
  const { token } = await staffWithToken("adm-rejecter");
  const { member, token: memberToken } = await memberWithToken("adm-rejected");
  const { member: rival, token: rivalToken } = await memberWithToken("adm-rival");
  const record = await insertRecord();
  await suggest(memberToken, record.id);
  await suggest(rivalToken, record.id);
  const pending = (await api("GET", `/api/v1/admin/membership/suggestions?q=${record.familyName}&sort=createdAt`, token)).body.items;
  expect(pending.map((item: { member: { id: string } }) => item.member.id)).toEqual([member.id, rival.id]);

  const rejected = await api("POST", `/api/v1/admin/membership/suggestions/${pending[0].id}/reject`, token);
  expect(rejected.body).toMatchObject({ status: "rejected", decided_at: expect.stringMatching(ISO) });
  expect((await api("GET", "/api/v1/users/me/membership", memberToken)).body).toEqual({ membership: null, requests: [] });
  expect((await securityEvents(member.id)).at(-1)?.type).toBe("membership_link_rejected");

  await sql(`UPDATE membership_record SET linked_user_id = $1, linked_at = now() WHERE id = $2`, [member.id, record.id]);
  expect((await api("POST", `/api/v1/admin/membership/suggestions/${pending[1].id}/approve`, token)).body).toEqual(conflict("the record is already linked to an account"));
  expect(await linkedUserOf(record.id)).toBe(member.id);
  expect((await api("GET", "/api/v1/admin/membership/suggestions?status=maybe", token)).body).toEqual(invalidRequest("status: must be one of pending, approved, rejected, closed"));
});

test("the register: searched by name, email or phone, filtered by linked, one record by id", async () => {
  const { token } = await staffWithToken("adm-register");
  const email = `${uniqueWord("r").toLowerCase()}@example.net`;
  const record = await insertRecord({ email, phone: "+12025550199" });
  const expected = {
    membership_id: record.id,
    given_name: record.givenName,
    family_name: record.familyName,
    birth_date: "1980-01-01",
    email,
    phone: "+12025550199",
    household_id: `hh_${record.id}`,
    middle_name: null,
    nickname: null,
    gender: null,
    address: null,
    household_name: null,
    remote_id: null,
    campus: HARBOR,
    linked_user_id: null,
    linked_at: null,
    linked_account: null,
  };
  expect((await api("GET", `/api/v1/admin/membership/records?q=${record.familyName}`, token)).body).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [expected] });
  expect((await api("GET", `/api/v1/admin/membership/records?q=${email}&linked=false`, token)).body.items).toEqual([expected]);
  expect((await api("GET", `/api/v1/admin/membership/records?q=${email}&linked=true`, token)).body.metadata.total).toBe(0);
  expect((await api("GET", `/api/v1/admin/membership/records/${record.id}`, token)).body).toEqual(expected);
  expect((await api("GET", "/api/v1/admin/membership/records?linked=yes", token)).body).toEqual(invalidRequest("linked: must be true or false"));
});

test("families without codes; guardianships recorded (201, then 200) and ended, the guardian role following at once", async () => {
  const { token } = await staffWithToken("adm-families");
  const families = await api("GET", "/api/v1/admin/families?q=guardian%20family", token);
  expect(families.body.items).toEqual([{ id: "00000000-0000-4000-8000-00000000f001", name: "The Guardian family", member_count: expect.any(Number), created_at: expect.stringMatching(ISO) }]);
  const family = await api("GET", "/api/v1/admin/families/00000000-0000-4000-8000-00000000f001", token);
  const people: string[] = family.body.members.map((person: { given_name: string; role: string }) => `${person.given_name} ${person.role}`);
  expect(people[0]).toBe("Gina adult");
  expect(people).toEqual(expect.arrayContaining(["Chloe child", "Theo child"]));
  expect(family.body.member_count).toBe(people.length);
  expect(JSON.stringify(family.body)).not.toMatch(/code/i);

  const { member: guardian, token: guardianToken } = await memberWithToken("adm-guardian");
  const { member: child } = await memberWithToken("adm-child");
  const { member: adult } = await memberWithToken("adm-adult");
  await sql(`UPDATE account SET birth_date = $2 WHERE id = $1`, [child.id, `${new Date().getUTCFullYear() - 10}-06-01`]);
  await sql(`UPDATE account SET birth_date = '1970-01-01' WHERE id = $1`, [adult.id]);
  const dependents = () => api("GET", "/api/v1/users/me/dependents", guardianToken);
  expect((await dependents()).status).toBe(403);

  const created = await api("POST", "/api/v1/admin/guardianships", token, { body: { guardian_id: guardian.id, dependent_id: child.id } });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    guardian: { id: guardian.id, email: guardian.email, given_name: "Test", family_name: "Member adm-guardian" },
    dependent: { id: child.id, email: child.email, given_name: "Test", family_name: "Member adm-child", birth_date: `${new Date().getUTCFullYear() - 10}-06-01` },
    created_at: expect.stringMatching(ISO),
    ended_at: null,
  });
  expect((await dependents()).status).toBe(200);
  const again = await api("POST", "/api/v1/admin/guardianships", token, { body: { guardian_id: guardian.id, dependent_id: child.id } });
  expect(again.status).toBe(200);
  expect((await api("GET", `/api/v1/admin/guardianships?q=${encodeURIComponent(guardian.email)}&status=active`, token)).body.items).toEqual([created.body]);

  const ended = await api("POST", `/api/v1/admin/guardianships/${created.body.id}/end`, token);
  expect(ended.body).toEqual({ ...created.body, ended_at: expect.stringMatching(ISO) });
  expect((await dependents()).status).toBe(403);
  expect((await securityEvents(child.id)).map((event) => event.type)).toEqual(expect.arrayContaining(["guardianship_created", "guardianship_ended"]));

  const cases: [body: unknown, description: string][] = [
    [{ guardian_id: guardian.id, dependent_id: adult.id }, "dependent_id: a dependant must have a birth date and be under the age of majority"],
    [{ guardian_id: "00000000-0000-4000-8000-0000000000ff", dependent_id: child.id }, "guardian_id: no such user"],
    [{ guardian_id: guardian.id, dependent_id: guardian.id }, "dependent_id: a member cannot be their own guardian"],
    [{ guardian_id: "x", dependent_id: child.id }, "guardian_id: must be a user id (a UUID)"],
  ];
  for (const [body, description] of cases) {
    expect((await api("POST", "/api/v1/admin/guardianships", token, { body })).body, description).toEqual(invalidRequest(description));
  }
});
