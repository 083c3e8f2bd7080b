import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken, uniqueWord } from "../support/admin.ts";
import { UNKNOWN_UUID } from "../support/admin-routes.ts";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, notFound, securityEvents, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createFamily } from "../support/families.ts";
import { insertRecord } from "../support/membership.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, profileOf, tokenRequest, tokensFor } from "../support/oauth-client.ts";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";

/**
 * Staff › People through the staff API (issue 17): accounts found by the digits of a verified phone number;
 * a member's profile with their household (families:read) and linked register record (membership:read), left
 * out for a caller who may not read them; where they are signed in (never a token); their security log a
 * page at a time; and "end all sessions": every session and grant revoked at once, logged, the account still
 * enabled. The guard, unknown ids and refused methods of these routes are also in admin-guard.spec.ts.
 */
callFromOwnIp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function verifyPhone(userId: string, phone: string) {
  await sql(`UPDATE account SET phone = $2, phone_verified_at = now() WHERE id = $1`, [userId, phone]);
}

/** A member of the test's own holding a role made here with exactly these permissions, signed in with a second factor. */
async function narrowStaffWithToken(label: string, permissions: string[]) {
  const role = `people-${uniqueWord().toLowerCase()}`;
  await sql(`INSERT INTO role (name, description, permissions) VALUES ($1, 'Test role', $2)`, [role, permissions]);
  const member = await createTestMember(label, { totpSecret: DEMO_TOTP_SECRET });
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [member.id, role]);
  return { member, token: (await portalTokensFor(member)).access_token };
}

test("users: found by the digits of a verified phone number as people type it, never by an unverified one", async () => {
  const { token } = await staffWithToken("ppl-phone");
  const { member } = await memberWithToken("ppl-phone-member");
  const phone = await uniquePhone(); // +1AAA555NNNN
  await verifyPhone(member.id, phone);
  const unverified = await createTestMember("ppl-phone-unverified");
  const otherPhone = await uniquePhone();
  await sql(`UPDATE account SET phone = $2 WHERE id = $1`, [unverified.id, otherPhone]);

  const [area, exchange, line] = [phone.slice(2, 5), phone.slice(5, 8), phone.slice(8)];
  const item = {
    id: member.id,
    email: member.email,
    email_verified: true,
    given_name: "Test",
    family_name: "Member ppl-phone-member",
    phone_number: phone,
    roles: ["member"],
    mfa_enabled: false,
    disabled_at: null,
    created_at: expect.stringMatching(ISO),
  };
  for (const typed of [phone, `(${area}) ${exchange}-${line}`, `${area}.${exchange}.${line}`, `+1 ${area} ${exchange} ${line}`, `0${area}${exchange}${line}`]) {
    const found = await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(typed)}`, token);
    expect(found.status, typed).toBe(200);
    expect(found.body, typed).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [item] });
  }
  // The unverified number is not the member's yet: not found by it, and not answered.
  expect((await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(otherPhone)}`, token)).body).toEqual({ metadata: { total: 0, page: 1, per: 20 }, items: [] });
  expect((await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(unverified.email)}`, token)).body.items).toEqual([expect.objectContaining({ id: unverified.id, phone_number: null })]);
  // Name and email still search as before; the status filter applies to phone matches too.
  expect((await api("GET", `/api/v1/admin/users?q=${encodeURIComponent("Member ppl-phone-member")}`, token)).body.items).toEqual([item]);
  expect((await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(phone)}&status=disabled`, token)).body.metadata.total).toBe(0);
  // Too few digits, or letters among them, is not a phone search (a text search, finding nothing here).
  expect((await api("GET", `/api/v1/admin/users?q=${encodeURIComponent(`${line} zz${uniqueWord()}`)}`, token)).body.metadata.total).toBe(0);
  const refused = await api("GET", `/api/v1/admin/users?q=${"5".repeat(101)}`, token);
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual(invalidRequest("q: must be from 1 to 100 characters, without control characters"));
});

test("profile: the household and the linked register record, left out for a caller without families:read or membership:read", async () => {
  const { token } = await staffWithToken("ppl-profile");
  const { member } = await memberWithToken("ppl-profile-member");
  const partner = await createTestMember("ppl-profile-partner");
  const name = `The ${uniqueWord()} household`;
  const familyId = await createFamily({ adults: [member, partner] }, name);
  const record = await insertRecord({ givenName: "Test", familyName: `Register ${uniqueWord()}` });
  await sql(`UPDATE membership_record SET linked_user_id = $2, linked_at = now() WHERE id = $1`, [record.id, member.id]);

  const detail = await api("GET", `/api/v1/admin/users/${member.id}`, token);
  expect(detail.status).toBe(200);
  expect(detail.body).toEqual({
    id: member.id,
    email: member.email,
    email_verified: true,
    given_name: "Test",
    family_name: "Member ppl-profile-member",
    phone_number: null,
    roles: ["member"],
    mfa_enabled: false,
    disabled_at: null,
    created_at: expect.stringMatching(ISO),
    household: { id: familyId, name, role: "adult", member_count: 2 },
    membership_record: {
      membership_id: record.id,
      given_name: "Test",
      family_name: record.familyName,
      birth_date: "1980-01-01",
      campus: { id: "cmp_harbor_point", name: expect.any(String) },
      linked_at: expect.stringMatching(ISO),
    },
  });
  // The register's contact details are the register page's, not the profile's.
  expect(Object.keys(detail.body.membership_record)).not.toContain("email");

  const { token: peopleOnly } = await narrowStaffWithToken("ppl-narrow", ["users:read"]);
  const narrow = await api("GET", `/api/v1/admin/users/${member.id}`, peopleOnly);
  expect(narrow.status).toBe(200);
  expect(Object.keys(narrow.body).sort()).toEqual(["created_at", "disabled_at", "email", "email_verified", "family_name", "given_name", "id", "mfa_enabled", "phone_number", "roles"]);
  const { token: withFamilies } = await narrowStaffWithToken("ppl-families", ["users:read", "families:read"]);
  const families = await api("GET", `/api/v1/admin/users/${member.id}`, withFamilies);
  expect(families.body.household).toEqual({ id: familyId, name, role: "adult", member_count: 2 });
  expect(families.body).not.toHaveProperty("membership_record");
  // users:read alone reads sessions and the log, and changes nothing.
  expect((await api("GET", `/api/v1/admin/users/${member.id}/sessions`, peopleOnly)).status).toBe(200);
  expect((await api("GET", `/api/v1/admin/users/${member.id}/security-events`, peopleOnly)).status).toBe(200);
  const end = await api("POST", `/api/v1/admin/users/${member.id}/sessions/end`, peopleOnly);
  expect(end.status).toBe(403);
  expect(end.body).toEqual(forbidden("users:write"));

  // Nobody without a household or a record: null, not absent.
  const loner = await createTestMember("ppl-profile-loner");
  expect((await api("GET", `/api/v1/admin/users/${loner.id}`, token)).body).toMatchObject({ household: null, membership_record: null });
  for (const path of [`/api/v1/admin/users/${UNKNOWN_UUID}`, "/api/v1/admin/users/not-a-uuid"]) {
    const missing = await api("GET", path, token);
    expect(missing.status, path).toBe(404);
    expect(missing.body).toEqual(notFound("user"));
  }
});

test("sessions: listed without tokens; ending them all revokes every session, refresh token and access token at once, logs it once, and leaves the account enabled", async () => {
  const { member: staff, token } = await staffWithToken("ppl-sessions");
  const { member, token: memberToken } = await memberWithToken("ppl-sessions-member");
  const app = await tokensFor(member); // a third-party app's sign-in, with an offline refresh token
  expect((await profileOf(memberToken)).status).toBe(200);

  const listed = await api("GET", `/api/v1/admin/users/${member.id}/sessions`, token);
  expect(listed.status).toBe(200);
  const session = {
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    device: expect.any(String),
    browser: expect.any(String),
    ip: expect.any(String),
    app: null,
    created_at: expect.stringMatching(ISO),
    last_seen_at: expect.stringMatching(ISO),
    idle_expires_at: expect.stringMatching(ISO),
    expires_at: expect.stringMatching(ISO),
  };
  expect(listed.body).toEqual({ sessions: [session, session] });
  const ids = await sql<{ id: string }>(`SELECT id::text FROM session WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id`, [member.id]);
  expect(listed.body.sessions.map((row: { id: string }) => row.id).sort()).toEqual(ids.map((row) => row.id));
  expect(JSON.stringify(listed.body)).not.toMatch(/token|hash/i);

  const ended = await api("POST", `/api/v1/admin/users/${member.id}/sessions/end`, token);
  expect(ended.status).toBe(200);
  expect(ended.body).toEqual({ status: "ok", revoked: 2 });
  expect((await profileOf(memberToken)).status).toBe(401);
  expect((await profileOf(app.access_token)).status).toBe(401);
  const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: app.refresh_token! });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body).toMatchObject({ error: "invalid_grant" });
  expect(await sql(`SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toEqual([]);
  expect(await sql(`SELECT id FROM oauth_grant WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toEqual([]);
  expect((await api("GET", `/api/v1/admin/users/${member.id}/sessions`, token)).body).toEqual({ sessions: [] });
  expect((await securityEvents(member.id)).filter((event) => event.type === "sessions_ended_by_staff")).toEqual([{ type: "sessions_ended_by_staff", detail: { by: staff.id, sessions: 2 } }]);

  // Again: nothing was live, nothing is written.
  expect((await api("POST", `/api/v1/admin/users/${member.id}/sessions/end`, token)).body).toEqual({ status: "ok", revoked: 0 });
  expect((await securityEvents(member.id)).filter((event) => event.type === "sessions_ended_by_staff")).toHaveLength(1);
  // Still enabled: the member signs in again.
  expect((await api("GET", `/api/v1/admin/users/${member.id}`, token)).body.disabled_at).toBeNull();
  expect((await profileOf((await portalTokensFor(member)).access_token)).status).toBe(200);

  const self = await api("POST", `/api/v1/admin/users/${staff.id}/sessions/end`, token);
  expect(self.status).toBe(409);
  expect(self.body).toEqual(conflict("you cannot end your own sessions here: sign out everywhere else on your own security page"));
  expect((await profileOf(token)).status).toBe(200);
  for (const path of [`/api/v1/admin/users/${UNKNOWN_UUID}/sessions/end`, "/api/v1/admin/users/not-a-uuid/sessions/end"]) {
    expect((await api("POST", path, token)).body, path).toEqual(notFound("user"));
  }
  expect((await api("GET", "/api/v1/admin/users/not-a-uuid/sessions", token)).body).toEqual(notFound("user"));
  // A member without staff rights (a portal token: first-party, every scope it may hold).
  const { token: plain } = await memberWithToken("ppl-sessions-plain");
  expect((await api("POST", `/api/v1/admin/users/${member.id}/sessions/end`, plain)).body).toEqual(forbidden("users:write"));
  expect((await api("GET", `/api/v1/admin/users/${member.id}/sessions`, plain)).body).toEqual(forbidden("users:read"));
});

test("security log: the member's own, newest first, a page at a time with a cursor that only fits that member", async () => {
  const { token } = await staffWithToken("ppl-log");
  const { member } = await memberWithToken("ppl-log-member");
  const { member: other } = await memberWithToken("ppl-log-other");
  await sql(
    `INSERT INTO security_event (user_id, type, created_at, ip, user_agent, detail)
     SELECT $1, 'sign_in_failed', now() - make_interval(mins => n), '192.0.2.44', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1', '{"reason":"password"}'::jsonb
       FROM generate_series(1, 3) AS n`,
    [member.id],
  );
  const expected = await sql<{ id: string }>(`SELECT id::text FROM security_event WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [member.id]);

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const path: string = `/api/v1/admin/users/${member.id}/security-events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = await api("GET", path, token);
    expect(page.status).toBe(200);
    expect(page.body.events.length).toBeLessThanOrEqual(2);
    seen.push(...page.body.events.map((event: { id: string }) => event.id));
    cursor = page.body.next_cursor;
  } while (cursor);
  expect(seen).toEqual(expected.map((row) => row.id));

  const first = await api("GET", `/api/v1/admin/users/${member.id}/security-events?limit=1`, token);
  const failed = (await api("GET", `/api/v1/admin/users/${member.id}/security-events`, token)).body.events.find((event: { type: string }) => event.type === "sign_in_failed");
  expect(failed).toEqual({
    id: expect.any(String),
    type: "sign_in_failed",
    created_at: expect.stringMatching(ISO),
    ip: "192.0.2.44",
    device: "iPhone",
    browser: "Safari",
    detail: { reason: "password" },
  });
  const cases: [query: string, description: string][] = [
    ["limit=0", "limit: must be a whole number from 1 to 100"],
    ["limit=101", "limit: must be a whole number from 1 to 100"],
    ["limit=1&limit=2", "limit: is repeated"],
    ["cursor=garbage", "cursor: is invalid"],
    ["per=5", 'Unrecognized key: "per"'],
  ];
  for (const [query, description] of cases) {
    const answer = await api("GET", `/api/v1/admin/users/${member.id}/security-events?${query}`, token);
    expect(answer.status, query).toBe(400);
    expect(answer.body, query).toEqual(invalidRequest(description));
  }
  // A cursor of one member's log is refused on another's.
  const foreign = await api("GET", `/api/v1/admin/users/${other.id}/security-events?cursor=${encodeURIComponent(first.body.next_cursor)}`, token);
  expect(foreign.body).toEqual(invalidRequest("cursor: is invalid"));
  expect((await api("GET", `/api/v1/admin/users/${UNKNOWN_UUID}/security-events`, token)).body).toEqual(notFound("user"));
});
