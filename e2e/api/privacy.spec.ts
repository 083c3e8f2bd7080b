import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { PORTAL_CLIENT, portalTokensFor, profileOf, tokenRequest, tokensFor, type TokenSet } from "../support/oauth-client.ts";
import { expiredCopy } from "../support/oauth-tokens.ts";
import { TEST_APP_SECRET, TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * Privacy data requests under /api/v1/privacy/data-requests/me (decisions.md part 3, docs/decisions/0010):
 * an export is built at once (`fulfilled`) and downloads as a JSON file holding every record of its member
 * and nothing of anyone else; a deletion is `pending` for the grace period, cancellable, then carried out
 * by `scripts/privacy-run-deletions.ts`, which this spec runs itself after moving the request's due time
 * back in SQL (a controllable clock, no sleeping). Every answer is checked against the OpenAPI document.
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ME = "/api/v1/privacy/data-requests/me";
const DAY_MS = 24 * 60 * 60 * 1000;

type ApiOptions = Parameters<typeof callApi>[3];
const api = (method: string, path: string, token: string | null, options: ApiOptions = {}) => callApi(method, path, token, options);

const notFound = (what: string) => ({ error: "not_found", error_description: `${what} not found` });
const conflict = (description: string) => ({ error: "conflict", error_description: description });

async function memberWithTokens(label: string, options: { roles?: "member" | "none" } = {}): Promise<{ member: TestMember; tokens: TokenSet }> {
  const member = await createTestMember(label, options);
  return { member, tokens: await portalTokensFor(member) };
}

const sidOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).sid as string;

/** Rows a member has in the tables the export reads, written straight in SQL, each carrying a marker. */
async function giveRecords(member: TestMember, marker: string) {
  const [dependant] = await sql<{ id: string }>(`INSERT INTO account (given_name, family_name) VALUES ('Dependant', $1) RETURNING id`, [`Child-${marker}`]);
  const [guardianship] = await sql<{ id: string }>(`INSERT INTO guardianship (guardian_id, dependent_id) VALUES ($1, $2) RETURNING id`, [member.id, dependant!.id]);
  await sql(`INSERT INTO totp_credential (user_id, secret_encrypted, status, confirmed_at) VALUES ($1, $2, 'confirmed', now())`, [member.id, `SEALED-SECRET-${marker}`]);
  await sql(`INSERT INTO recovery_code (user_id, code_hash, used_at) VALUES ($1, $2, now()), ($1, $3, NULL)`, [member.id, `RC-HASH-1-${marker}`, `RC-HASH-2-${marker}`]);
  const [code] = await sql<{ id: string }>(
    `INSERT INTO verification_code (purpose, subject, target, code_hash, expires_at) VALUES ('email_verification', $1, $2, $3, now() + interval '10 minutes') RETURNING id`,
    [member.id, member.email, `CODE-HASH-${marker}`],
  );
  const [message] = await sql<{ id: string }>(
    `INSERT INTO outbox_message (channel, recipient, subject, body) VALUES ('email', $1, 'Your code', $2) RETURNING id`,
    [member.email, `Your code is 000000 BODY-${marker}`],
  );
  // A family of the member's own (its code is a secret: the marker in its hash and sealed copy must not leave).
  const familyName = `Family ${marker}`;
  const [family] = await sql<{ id: string }>(
    `INSERT INTO family (name, code_hash, code_encrypted, code_expires_at) VALUES ($1, $2, $3, now() + interval '14 days') RETURNING id`,
    [familyName, `FAMILY-CODE-HASH-${marker}`, `FAMILY-CODE-SEALED-${marker}`],
  );
  await sql(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1, $2, 'adult')`, [family!.id, member.id]);
  // A register record linked to the member (its contact on file is a household's, so it stays out), and a
  // request to staff about another record.
  const recordId = `mbr_test_${randomUUID().replaceAll("-", "")}`;
  const otherRecordId = `mbr_test_${randomUUID().replaceAll("-", "")}`;
  await sql(
    `INSERT INTO membership_record (id, given_name, family_name, birth_date, email, linked_user_id, linked_at)
     VALUES ($1, 'Register', $2, '1980-02-03', $3, $4, now()), ($5, 'Other', $6, NULL, NULL, NULL, NULL)`,
    [recordId, `Name-${marker}`, `household-${marker}@example.net`, member.id, otherRecordId, `Other-${marker}`],
  );
  const [linkRequest] = await sql<{ id: string }>(`INSERT INTO membership_link_request (membership_id, user_id) VALUES ($1, $2) RETURNING id`, [otherRecordId, member.id]);
  // An identity at an external provider (a disabled one of the test's own, never offered on sign-in pages).
  await sql(
    `INSERT INTO federation_provider (id, display_name, issuer, client_id, client_secret_encrypted, enabled)
     VALUES ('privacy-spec', 'Privacy spec', 'https://idp.privacy-spec.invalid', 'privacy-spec', 'not-a-secret', false) ON CONFLICT (id) DO NOTHING`,
  );
  const [linked] = await sql<{ id: string }>(
    `INSERT INTO federated_identity (user_id, provider_id, issuer, subject, email) VALUES ($1, 'privacy-spec', 'https://idp.privacy-spec.invalid', $2, $3) RETURNING id`,
    [member.id, `subject-${marker}`, `linked-${marker.toLowerCase()}@example.com`],
  );
  // A verified recovery contact, with a code and a message sent to it (its value must leave only masked).
  const contactValue = `contact-${randomUUID().slice(0, 8)}@example.net`;
  const [contact] = await sql<{ id: string }>(
    `INSERT INTO recovery_contact (user_id, channel, value, status, verified_at) VALUES ($1, 'email', $2, 'verified', now()) RETURNING id`,
    [member.id, contactValue],
  );
  const [contactCode] = await sql<{ id: string }>(
    `INSERT INTO verification_code (purpose, subject, target, code_hash, expires_at, created_at)
     VALUES ('recovery_contact_verification', $1, $2, $3, now() + interval '10 minutes', now() + interval '1 second') RETURNING id`,
    [contact!.id, contactValue, `CONTACT-CODE-HASH-${marker}`],
  );
  const [contactMessage] = await sql<{ id: string }>(
    `INSERT INTO outbox_message (channel, recipient, subject, body, created_at) VALUES ('email', $1, 'Confirm this address', $2, now() + interval '1 second') RETURNING id`,
    [contactValue, `Your code is 000000 CONTACT-BODY-${marker}`],
  );
  return {
    dependantId: dependant!.id,
    guardianshipId: guardianship!.id,
    codeId: code!.id,
    messageId: message!.id,
    membership: { recordId, familyName: `Name-${marker}`, linkRequestId: linkRequest!.id, otherRecordId },
    linkedIdentity: { id: linked!.id, subject: `subject-${marker}`, email: `linked-${marker.toLowerCase()}@example.com` },
    familyId: family!.id,
    familyName,
    contact: { id: contact!.id, value: contactValue, masked: "c***@e***.net", codeId: contactCode!.id, messageId: contactMessage!.id },
    secrets: [`linked-${marker.toLowerCase()}@example.com`, `household-${marker}@example.net`, `Other-${marker}`, `FAMILY-CODE-HASH-${marker}`, `FAMILY-CODE-SEALED-${marker}`, contactValue, `CONTACT-CODE-HASH-${marker}`, `CONTACT-BODY-${marker}`, `SEALED-SECRET-${marker}`, `RC-HASH-1-${marker}`, `RC-HASH-2-${marker}`, `CODE-HASH-${marker}`, `BODY-${marker}`, `Child-${marker}`, dependant!.id],
  };
}

const idsOf = async (text: string, params: unknown[]) => (await sql<{ id: string }>(text, params)).map((row) => row.id);

test("an export is fulfilled at once, listed, and downloads as a JSON file with every kind of record of its member and nothing of another", async () => {
  const alice = await memberWithTokens("privacy-export-a");
  await tokensFor(alice.member); // alice allows demo-app: a consent and a grant of a third-party app
  const bob = await memberWithTokens("privacy-export-b");
  const aliceRecords = await giveRecords(alice.member, `A-${randomUUID()}`);
  const bobRecords = await giveRecords(bob.member, `B-${randomUUID()}`);
  const bobExport = await api("POST", ME, bob.tokens.access_token, { body: { type: "export" } });
  expect(bobExport.status).toBe(201);
  const aliceEvents = await idsOf(`SELECT id FROM security_event WHERE user_id = $1 ORDER BY created_at, id`, [alice.member.id]);

  const created = await api("POST", ME, alice.tokens.access_token, { body: { type: "export" } });
  expect(created.status).toBe(201);
  expect(created.headers.get("cache-control")).toBe("no-store");
  expect(created.body).toEqual({ id: expect.stringMatching(UUID), type: "export", status: "fulfilled", created_at: expect.stringMatching(ISO), fulfilled_at: created.body.created_at });

  const listed = await api("GET", ME, alice.tokens.access_token);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual({ requests: [created.body] });

  const download = await api("GET", `${ME}/${created.body.id}/download`, alice.tokens.access_token);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(download.headers.get("content-disposition")).toBe(`attachment; filename="account-data-${created.body.created_at.slice(0, 10)}.json"`);
  expect(download.headers.get("cache-control")).toBe("no-store");
  const exported = download.body;
  expect(Object.keys(exported)).toEqual([
    "format", "request_id", "generated_at", "profile", "two_factor", "sessions", "known_browsers", "app_authorizations", "consents",
    "security_events", "guardianships", "family", "membership", "linked_identities", "recovery_contacts", "verification_codes", "messages", "data_requests", "passkeys", "attendance",
    "check_in_cards", "event_registrations", "calendar_feeds",
  ]);
  expect(exported).toMatchObject({ format: "church-account-export/1", request_id: created.body.id, generated_at: created.body.created_at });
  // No passkeys on this account: the section is there, empty (its rows are names and dates, never key material).
  expect(exported.passkeys).toEqual([]);
  expect(exported.attendance).toEqual([]);
  expect(exported.check_in_cards).toEqual([]);
  expect(exported.event_registrations).toEqual([]);
  expect(exported.calendar_feeds).toEqual([]);
  // Two sign-ins, two browsers: when each was seen, never its cookie.
  expect(exported.known_browsers).toEqual([
    { first_seen_at: expect.stringMatching(ISO), last_seen_at: expect.stringMatching(ISO) },
    { first_seen_at: expect.stringMatching(ISO), last_seen_at: expect.stringMatching(ISO) },
  ]);

  const [account] = await sql<Record<string, unknown>>(`SELECT * FROM account WHERE id = $1`, [alice.member.id]);
  expect(exported.profile).toEqual({
    id: alice.member.id,
    email: alice.member.email,
    email_verified_at: (account!.email_verified_at as Date).toISOString(),
    given_name: alice.member.givenName,
    family_name: alice.member.familyName,
    phone: null,
    phone_verified_at: null,
    birth_date: null,
    locale: "en",
    has_password: true,
    roles: ["member"],
    created_at: (account!.created_at as Date).toISOString(),
    updated_at: (account!.updated_at as Date).toISOString(),
  });
  expect(exported.two_factor).toEqual({ status: "enabled", set_up_at: expect.stringMatching(ISO), enabled_at: expect.stringMatching(ISO), recovery_codes_total: 2, recovery_codes_used: 1 });
  const sessions = await idsOf(`SELECT id FROM session WHERE user_id = $1 ORDER BY created_at, id`, [alice.member.id]);
  expect(sessions).toContain(sidOf(alice.tokens.access_token));
  expect(exported.sessions.map((row: { id: string }) => row.id)).toEqual(sessions);
  expect(exported.sessions[0]).toEqual({
    id: sessions[0],
    created_at: expect.stringMatching(ISO),
    last_seen_at: expect.stringMatching(ISO),
    expires_at: expect.stringMatching(ISO),
    revoked_at: null,
    authenticated_at: expect.stringMatching(ISO),
    methods: ["pwd"],
    ip: expect.any(String),
    user_agent: expect.any(String),
  });
  const grants = await idsOf(`SELECT id FROM oauth_grant WHERE user_id = $1 ORDER BY created_at, id`, [alice.member.id]);
  expect(grants.length).toBeGreaterThan(0);
  expect(exported.app_authorizations.map((row: { id: string }) => row.id)).toEqual(grants);
  expect(exported.app_authorizations[0]).toMatchObject({ client_id: "portal", client_name: "Member portal", session_id: sessions[0], revoked_at: null });
  expect(exported.app_authorizations[1]).toMatchObject({ client_id: "demo-app", client_name: "Demo app", session_id: sessions[1], revoked_at: null });
  const consents = await idsOf(`SELECT id FROM consent WHERE user_id = $1 ORDER BY granted_at, id`, [alice.member.id]);
  expect(consents.length).toBeGreaterThan(0);
  expect(exported.consents.map((row: { id: string }) => row.id)).toEqual(consents);
  expect(exported.consents[0]).toMatchObject({ client_id: "demo-app", client_name: "Demo app", status: "granted", revoked_at: null });
  expect(exported.security_events.map((row: { id: string }) => row.id)).toEqual(aliceEvents);
  expect(exported.security_events.map((row: { type: string }) => row.type)).toContain("sign_in");
  expect(exported.guardianships).toEqual([{ id: aliceRecords.guardianshipId, role: "guardian", created_at: expect.stringMatching(ISO), ended_at: null }]);
  expect(exported.family).toEqual([{ family_id: aliceRecords.familyId, family_name: aliceRecords.familyName, role: "adult", joined_at: expect.stringMatching(ISO) }]);
  expect(exported.membership).toEqual({
    linked_record: { membership_id: aliceRecords.membership.recordId, given_name: "Register", family_name: aliceRecords.membership.familyName, birth_date: "1980-02-03", campus: null, linked_at: expect.stringMatching(ISO) },
    link_requests: [{ id: aliceRecords.membership.linkRequestId, membership_id: aliceRecords.membership.otherRecordId, status: "pending", created_at: expect.stringMatching(ISO) }],
  });
  expect(exported.linked_identities).toEqual([
    { id: aliceRecords.linkedIdentity.id, provider: "privacy-spec", issuer: "https://idp.privacy-spec.invalid", subject: aliceRecords.linkedIdentity.subject, email: "l***@e***.com", linked_at: expect.stringMatching(ISO), last_used_at: null },
  ]);
  const contact = aliceRecords.contact;
  expect(exported.recovery_contacts).toEqual([
    { id: contact.id, channel: "email", value: contact.masked, status: "verified", created_at: expect.stringMatching(ISO), verified_at: expect.stringMatching(ISO) },
  ]);
  expect(exported.verification_codes).toEqual([
    { id: aliceRecords.codeId, purpose: "email_verification", sent_to: alice.member.email, attempts: 0, created_at: expect.stringMatching(ISO), expires_at: expect.stringMatching(ISO), used_at: null },
    { id: contact.codeId, purpose: "recovery_contact_verification", sent_to: contact.masked, attempts: 0, created_at: expect.stringMatching(ISO), expires_at: expect.stringMatching(ISO), used_at: null },
  ]);
  // Her second browser (the demo app's sign-in) was new to the account: its notice is hers too.
  expect(exported.messages).toEqual([
    { id: expect.any(String), channel: "email", recipient: alice.member.email, subject: "New sign-in to your account · Grace Harbor Church", created_at: expect.stringMatching(ISO), sent_at: null },
    { id: aliceRecords.messageId, channel: "email", recipient: alice.member.email, subject: "Your code", created_at: expect.stringMatching(ISO), sent_at: null },
    { id: contact.messageId, channel: "email", recipient: contact.masked, subject: "Confirm this address", created_at: expect.stringMatching(ISO), sent_at: null },
  ]);
  expect(exported.data_requests).toEqual([]);

  // Nothing secret of Alice's, and nothing at all of Bob's or of her dependant, appears anywhere in the file.
  const text = JSON.stringify(exported);
  const [hashes] = await sql<{ password_hash: string; session_hashes: string[]; refresh_hashes: string[] }>(
    `SELECT a.password_hash,
            ARRAY(SELECT token_hash FROM session WHERE user_id = a.id) AS session_hashes,
            ARRAY(SELECT r.token_hash FROM refresh_token r JOIN oauth_grant g ON g.id = r.grant_id WHERE g.user_id = a.id) AS refresh_hashes
       FROM account a WHERE a.id = $1`,
    [alice.member.id],
  );
  const bobIds = [
    ...(await idsOf(`SELECT id FROM session WHERE user_id = $1`, [bob.member.id])),
    ...(await idsOf(`SELECT id FROM oauth_grant WHERE user_id = $1`, [bob.member.id])),
    ...(await idsOf(`SELECT id FROM consent WHERE user_id = $1`, [bob.member.id])),
    ...(await idsOf(`SELECT id FROM security_event WHERE user_id = $1`, [bob.member.id])),
  ];
  const forbidden = [
    ...aliceRecords.secrets,
    hashes!.password_hash,
    ...hashes!.session_hashes,
    ...hashes!.refresh_hashes,
    alice.tokens.access_token,
    alice.tokens.refresh_token!,
    bob.member.id,
    bob.member.email,
    bob.member.familyName,
    bobExport.body.id,
    bobRecords.guardianshipId,
    bobRecords.codeId,
    bobRecords.messageId,
    bobRecords.linkedIdentity.id,
    bobRecords.linkedIdentity.subject,
    bobRecords.membership.recordId,
    bobRecords.membership.familyName,
    bobRecords.membership.linkRequestId,
    bobRecords.familyId,
    bobRecords.familyName,
    bobRecords.contact.id,
    bobRecords.contact.codeId,
    bobRecords.contact.messageId,
    ...bobRecords.secrets,
    ...bobIds,
  ];
  expect(forbidden.filter((value) => text.includes(value))).toEqual([]);

  // The next export lists the earlier one, and both requests and the download are in the security log.
  const second = await api("POST", ME, alice.tokens.access_token, { body: { type: "export" } });
  const secondFile = await api("GET", `${ME}/${second.body.id}/download`, alice.tokens.access_token);
  expect(secondFile.body.data_requests).toEqual([
    { id: created.body.id, type: "export", status: "fulfilled", created_at: created.body.created_at, due_at: null, fulfilled_at: created.body.created_at, cancelled_at: null },
  ]);
  const types = (await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type LIKE 'data_export_%' ORDER BY created_at, id`, [alice.member.id])).map(
    (row) => row.type,
  );
  expect(types).toEqual(["data_export_requested", "data_export_downloaded", "data_export_requested", "data_export_downloaded"]);
  expect((await api("GET", ME, alice.tokens.access_token)).body.requests.map((row: { id: string }) => row.id)).toEqual([second.body.id, created.body.id]);
});

test("a deletion is pending for 14 days, a second one is conflict, and cancelling it answers the request cancelled, again the same", async () => {
  const { member, tokens } = await memberWithTokens("privacy-deletion");
  const created = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.stringMatching(UUID), type: "deletion", status: "pending", created_at: expect.stringMatching(ISO), due_at: expect.stringMatching(ISO) });
  expect(Date.parse(created.body.due_at) - Date.parse(created.body.created_at)).toBe(14 * DAY_MS);

  const again = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual(conflict("a deletion of this account is already pending"));
  expect((await api("GET", ME, tokens.access_token)).body).toEqual({ requests: [created.body] });

  const cancelled = await api("POST", `${ME}/${created.body.id}/cancel`, tokens.access_token);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toEqual({ ...created.body, status: "cancelled", cancelled_at: expect.stringMatching(ISO) });
  const twice = await api("POST", `${ME}/${created.body.id}/cancel`, tokens.access_token);
  expect(twice.status).toBe(200);
  expect(twice.body).toEqual(cancelled.body);

  // After a cancellation the member may ask again; an export cannot be cancelled.
  const renewed = await api("POST", ME, tokens.access_token, { body: { type: "deletion" } });
  expect(renewed.status).toBe(201);
  expect(renewed.body.status).toBe("pending");
  const exported = await api("POST", ME, tokens.access_token, { body: { type: "export" } });
  const cancelExport = await api("POST", `${ME}/${exported.body.id}/cancel`, tokens.access_token);
  expect(cancelExport.status).toBe(409);
  expect(cancelExport.body).toEqual(conflict("only a pending deletion can be cancelled"));
  const downloadDeletion = await api("GET", `${ME}/${renewed.body.id}/download`, tokens.access_token);
  expect(downloadDeletion.status).toBe(404);
  expect(downloadDeletion.body).toEqual(notFound("export"));

  expect((await api("GET", ME, tokens.access_token)).body.requests.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
    [exported.body.id, "fulfilled"],
    [renewed.body.id, "pending"],
    [created.body.id, "cancelled"],
  ]);
  const events = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 AND type LIKE 'deletion_%' ORDER BY created_at, id`, [member.id]);
  expect(events.map((event) => event.type)).toEqual(["deletion_requested", "deletion_cancelled", "deletion_requested"]);
});

test("two deletion requests at once: exactly one is pending, the other conflict", async () => {
  const { member, tokens } = await memberWithTokens("privacy-deletion-race");
  const answers = await Promise.all([1, 2, 3].map(() => api("POST", ME, tokens.access_token, { body: { type: "deletion" } })));
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  expect(await sql(`SELECT 1 FROM data_request WHERE user_id = $1 AND status = 'pending'`, [member.id])).toHaveLength(1);
});

test("someone else's request, an unknown id and a malformed id are not_found, and change nothing", async () => {
  const owner = await memberWithTokens("privacy-owner");
  const other = await memberWithTokens("privacy-other");
  const deletion = await api("POST", ME, owner.tokens.access_token, { body: { type: "deletion" } });
  const exported = await api("POST", ME, owner.tokens.access_token, { body: { type: "export" } });
  for (const id of [deletion.body.id, exported.body.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const cancel = await api("POST", `${ME}/${id}/cancel`, other.tokens.access_token);
    expect(cancel.status, id).toBe(404);
    expect(cancel.body).toEqual(notFound("data request"));
    const download = await api("GET", `${ME}/${id}/download`, other.tokens.access_token);
    expect(download.status, id).toBe(404);
    expect(download.body).toEqual(notFound("export"));
  }
  expect((await api("GET", ME, other.tokens.access_token)).body).toEqual({ requests: [] });
  const [still] = await sql<{ status: string }>(`SELECT status FROM data_request WHERE id = $1`, [deletion.body.id]);
  expect(still).toEqual({ status: "pending" });
  expect(await sql(`SELECT 1 FROM security_event WHERE user_id = $1 AND type = 'data_export_downloaded'`, [other.member.id])).toEqual([]);
});

test.describe("bad requests are invalid_request, say which field, and change nothing", () => {
  const cases: [string, unknown, string | undefined, Record<string, string>, string][] = [
    ["malformed JSON", undefined, "{", {}, "the body is not valid JSON"],
    ["not JSON", undefined, "type=export", { "content-type": "application/x-www-form-urlencoded" }, "the body must be application/json"],
    ["an array body", [], undefined, {}, "expected object"],
    ["no type", {}, undefined, {}, "type: must be export or deletion"],
    ["an unknown type", { type: "erase" }, undefined, {}, "type: must be export or deletion"],
    ["a type that is not a string", { type: 1 }, undefined, {}, "type: must be export or deletion"],
    ["an unknown field", { type: "export", format: "csv" }, undefined, {}, "Unrecognized key"],
  ];
  for (const [label, body, raw, headers, description] of cases) {
    test(`${label} → 400 invalid_request`, async () => {
      const { member, tokens } = await memberWithTokens("privacy-bad");
      const answer = await api("POST", ME, tokens.access_token, { body, rawBody: raw, headers });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
      expect(answer.body.error_description).toContain(description);
      expect(await sql(`SELECT 1 FROM data_request WHERE user_id = $1`, [member.id])).toEqual([]);
    });
  }
});

test("more than 5 exports within an hour: too_many_requests with Retry-After", async () => {
  const { member, tokens } = await memberWithTokens("privacy-export-limit");
  // Five exports 10 to 50 minutes old, written in SQL (building five real ones proves nothing more).
  for (const minutesAgo of [50, 40, 30, 20, 10]) {
    await sql(
      `INSERT INTO data_request (user_id, type, status, export_json, created_at, fulfilled_at)
       VALUES ($1, 'export', 'fulfilled', '{}', now() - make_interval(mins => $2), now() - make_interval(mins => $2))`,
      [member.id, minutesAgo],
    );
  }
  const refused = await api("POST", ME, tokens.access_token, { body: { type: "export" } });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: "too_many_requests", error_description: "at most 5 exports an hour; try again later" });
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(9 * 60);
  expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  // A deletion is not an export: still allowed. The oldest export leaving the hour frees one place.
  expect((await api("POST", ME, tokens.access_token, { body: { type: "deletion" } })).status).toBe(201);
  await sql(`UPDATE data_request SET created_at = now() - interval '61 minutes' WHERE user_id = $1 AND type = 'export' AND created_at < now() - interval '45 minutes'`, [member.id]);
  expect((await api("POST", ME, tokens.access_token, { body: { type: "export" } })).status).toBe(201);
});

test("every privacy route answers invalid_token for a missing, malformed, expired or signed-out token, and forbidden without the permission", async () => {
  const { member, tokens } = await memberWithTokens("privacy-tokens");
  const second = await portalTokensFor(member);
  expect((await api("DELETE", `/api/v1/sessions/me/${sidOf(tokens.access_token)}`, second.access_token)).status).toBe(200);
  const id = randomUUID();
  const routes: [string, string, unknown][] = [
    ["GET", ME, undefined],
    ["POST", ME, { type: "export" }],
    ["POST", `${ME}/${id}/cancel`, undefined],
    ["GET", `${ME}/${id}/download`, undefined],
  ];
  const expired = await expiredCopy(second.access_token);
  const cases: [string, string | null, Record<string, string>, string][] = [
    ["missing", null, {}, "an access token is required"],
    ["malformed", null, { authorization: "Bearer" }, "the Authorization header is malformed"],
    ["not a JWT", "not-a-jwt", {}, "the access token is invalid"],
    ["expired", expired, {}, "the access token is expired"],
    ["signed out", tokens.access_token, {}, "the access token has been revoked"],
  ];
  for (const [method, path, body] of routes) {
    for (const [label, bearer, headers, description] of cases) {
      const answer = await api(method, path, bearer, { body, headers });
      expect(answer.status, `${method} ${path} ${label}`).toBe(401);
      expect(answer.body, `${method} ${path} ${label}`).toEqual({ error: "invalid_token", error_description: description });
      expect(answer.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  }
  expect(await sql(`SELECT 1 FROM data_request WHERE user_id = $1`, [member.id])).toEqual([]);

  const roleless = await memberWithTokens("privacy-roleless", { roles: "none" });
  for (const [method, path, body] of routes) {
    const answer = await api(method, path, roleless.tokens.access_token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission profile:${method === "GET" ? "read" : "write"}` });
  }
});

/** Runs the operator's command against the test database, as cron would; answers its exit code and output. */
function runDeletionCommand(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/privacy-run-deletions.ts"], {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, APP_SECRET: TEST_APP_SECRET, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

// One test for every run of the command: a run carries out whatever is due, so two tests moving clocks
// at the same time would carry out each other's deletions.
test("the deletion command erases a member whose grace period ended, revokes their tokens, leaves others and cancelled ones alone, and is safe twice at once", async () => {
  // What an erasure takes and leaves, row by row, is lib/privacy/data-requests.service.test.ts's; this is the
  // command as a scheduler runs it, and what the member's apps and the others see over HTTP.
  test.setTimeout(120_000);
  const doomed = await memberWithTokens("privacy-erase");
  const kept = await memberWithTokens("privacy-erase-kept");
  const changedMind = await memberWithTokens("privacy-erase-cancelled");
  const deletion = await api("POST", ME, doomed.tokens.access_token, { body: { type: "deletion" } });
  const keptDeletion = await api("POST", ME, kept.tokens.access_token, { body: { type: "deletion" } });
  const cancelled = await api("POST", ME, changedMind.tokens.access_token, { body: { type: "deletion" } });
  expect([deletion.status, keptDeletion.status, cancelled.status]).toEqual([201, 201, 201]);
  const cancelledAnswer = await api("POST", `${ME}/${cancelled.body.id}/cancel`, changedMind.tokens.access_token);
  expect(cancelledAnswer.status).toBe(200);

  // Within the grace period nothing happens.
  const early = await runDeletionCommand();
  expect(early.code, early.output).toBe(0);
  expect((await profileOf(doomed.tokens.access_token)).status).toBe(200);

  // The clock moves on for this request only; two operators' schedules fire at the same moment.
  // A cancelled deletion stays cancelled even past its due time.
  await sql(`UPDATE data_request SET due_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [[deletion.body.id, cancelled.body.id]]);
  const runs = await Promise.all([runDeletionCommand(), runDeletionCommand()]);
  for (const run of runs) expect(run.code, run.output).toBe(0);
  expect(runs.map((run) => run.output.trim()).sort()).toEqual(["Carried out 0 account deletions.", "Carried out 1 account deletion."]);
  expect(await sql(`SELECT 1 FROM account WHERE id = $1 OR email = $2`, [doomed.member.id, doomed.member.email])).toEqual([]);

  // Their tokens are refused at once: the access token on /api/v1, the refresh token at the token endpoint.
  const profile = await profileOf(doomed.tokens.access_token);
  expect(profile.status).toBe(401);
  expect(profile.body).toEqual({ error: "invalid_token", error_description: "the access token has been revoked" });
  expect((await api("GET", ME, doomed.tokens.access_token)).status).toBe(401);
  const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: doomed.tokens.refresh_token! }, PORTAL_CLIENT);
  expect(refresh.status).toBe(400);
  expect(refresh.body).toMatchObject({ error: "invalid_grant" });

  // The other member, with a deletion still in its grace period, and the one who changed their mind are untouched.
  expect((await profileOf(kept.tokens.access_token)).status).toBe(200);
  expect((await api("GET", ME, kept.tokens.access_token)).body).toEqual({ requests: [keptDeletion.body] });
  expect((await profileOf(changedMind.tokens.access_token)).status).toBe(200);
  const stillCancelled = (await api("GET", ME, changedMind.tokens.access_token)).body.requests.map((row: { id: string; status: string }) => [row.id, row.status]);
  expect(stillCancelled).toEqual([[cancelledAnswer.body.id, "cancelled"]]);

  // Idempotent: running again finds nothing more to do.
  const later = await runDeletionCommand();
  expect([later.code, later.output.trim()], later.output).toEqual([0, "Carried out 0 account deletions."]);
});
