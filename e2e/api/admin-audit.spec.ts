import { parse } from "csv-parse/sync";
import { expect, test } from "@playwright/test";
import { forbidden, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api, callFromOwnIp, invalidRequest, memberWithToken, notFound } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { insertRecord } from "../support/membership.ts";
import { ISSUER } from "../support/oauth-client.ts";

/**
 * The staff audit log (docs/decisions/0020): every staff write that succeeds is recorded in its own
 * transaction with who, when, the method and path, and each row it changed before and after; a refused one
 * leaves nothing; secrets show only as "(hidden)"; administrators alone read it, filtered and paged, and
 * export it as CSV.
 */
callFromOwnIp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const entriesBy = async (actorId: string) => Number((await sql<{ n: string }>(`SELECT count(*)::text AS n FROM staff_audit_entry WHERE actor_id = $1`, [actorId]))[0]!.n);

test("a staff write is recorded with who, when, what and each row before and after; an administrator finds it by every filter", async () => {
  const { token: adminToken } = await staffWithToken("aud-reader", "admin");
  const { member: staff, token } = await staffWithToken("aud-writer");
  const name = `Campus ${uniqueWord()}`;
  const created = await api("POST", "/api/v1/admin/campuses", token, { body: { name, timezone: "Europe/Oslo" }, headers: { "x-request-id": `req-${uniqueWord()}` } });
  expect(created.status).toBe(201);
  const campusId: string = created.body.id;
  const renamed = `${name} North`;
  expect((await api("PATCH", `/api/v1/admin/campuses/${campusId}`, token, { body: { name: renamed } })).status).toBe(200);

  const listed = await api("GET", `/api/v1/admin/audit?actor=${staff.id}`, adminToken);
  expect(listed.status).toBe(200);
  const actor = { id: staff.id, email: staff.email, name: "Test Member aud-writer" };
  expect(listed.body.metadata).toEqual({ total: 2, page: 1, per: 20 });
  const [renaming, creating] = listed.body.items;
  expect(renaming).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    at: expect.stringMatching(ISO),
    actor,
    client_id: expect.any(String),
    method: "PATCH",
    path: `/api/v1/admin/campuses/${campusId}`,
    section: "campuses",
    target_id: campusId,
    request_id: expect.any(String),
    // Only the column that changed; the calendar's version counter is not a record of the office's.
    changes: [{ table: "campus", id: campusId, operation: "update", before: { name }, after: { name: renamed } }],
  });
  expect(creating).toMatchObject({ actor, method: "POST", path: "/api/v1/admin/campuses", section: "campuses", target_id: null });
  expect(creating.changes).toEqual([{ table: "campus", id: campusId, operation: "insert", before: null, after: expect.objectContaining({ id: campusId, name, timezone: "Europe/Oslo" }) }]);
  expect(Date.parse(creating.at)).toBeLessThanOrEqual(Date.parse(renaming.at));

  const total = async (query: string) => (await api("GET", `/api/v1/admin/audit?actor=${staff.id}&${query}`, adminToken)).body.metadata.total;
  expect(await total("section=campuses")).toBe(2);
  expect(await total("section=events")).toBe(0);
  expect(await total(`q=${campusId}`)).toBe(2);
  expect(await total(`q=${encodeURIComponent(staff.email!)}`)).toBe(2);
  expect(await total(`from=${today()}&to=${today()}`)).toBe(2);
  expect(await total(`to=${dayBefore(today())}`)).toBe(0);
  expect(await total("sort=at")).toBe(2);
  const oldestFirst = await api("GET", `/api/v1/admin/audit?actor=${staff.id}&sort=at&per=1`, adminToken);
  expect(oldestFirst.body).toEqual({ metadata: { total: 2, page: 1, per: 1 }, items: [creating] });
});

test("a refused staff write records nothing; a member's own write is not a staff write", async () => {
  const { member: staff, token } = await staffWithToken("aud-refused");
  expect((await api("PATCH", "/api/v1/admin/campuses/cmp_doesnotexist", token, { body: { name: "Nowhere" } })).body).toEqual(notFound("campus"));
  expect((await api("POST", "/api/v1/admin/campuses", token, { body: { name: "", timezone: "Europe/Oslo" } })).status).toBe(400);
  expect((await api("POST", "/api/v1/admin/campuses", token, { body: { name: "Mars", timezone: "Mars/Olympus" } })).status).toBe(400);
  expect(await entriesBy(staff.id)).toBe(0);

  const { member, token: memberToken } = await memberWithToken("aud-member");
  expect((await api("POST", "/api/v1/families", memberToken, { body: { name: `House ${uniqueWord()}` } })).status).toBe(201);
  expect(await entriesBy(member.id)).toBe(0);
});

test("secrets are never recorded: a client's secret shows only as hidden, and that it changed when rotated", async () => {
  const { member: admin, token } = await staffWithToken("aud-secrets", "admin");
  const created = await api("POST", "/api/v1/admin/clients", token, { body: { name: `Audited app ${uniqueWord()}`, type: "confidential", redirect_uris: ["https://app.example.net/cb"] } });
  expect(created.status).toBe(201);
  const clientId: string = created.body.client_id;
  const rotated = await api("POST", `/api/v1/admin/clients/${clientId}/rotate-secret`, token);
  expect(rotated.status).toBe(200);

  const entries = (await api("GET", `/api/v1/admin/audit?actor=${admin.id}&section=clients`, token)).body.items;
  expect(entries.map((entry: { method: string; path: string }) => `${entry.method} ${entry.path}`)).toEqual([
    `POST /api/v1/admin/clients/${clientId}/rotate-secret`,
    "POST /api/v1/admin/clients",
  ]);
  expect(entries[1].changes[0].after).toMatchObject({ id: clientId, secret_hash: "(hidden)" });
  expect(entries[0].changes).toEqual([{ table: "client", id: clientId, operation: "update", before: expect.objectContaining({ secret_hash: "(hidden)" }), after: expect.objectContaining({ secret_hash: "(hidden)" }) }]);
  const [stored] = await sql<{ text: string }>(`SELECT string_agg(changes::text, ' ') AS text FROM staff_audit_entry WHERE actor_id = $1`, [admin.id]);
  for (const secret of [created.body.client_secret, rotated.body.client_secret]) expect(stored!.text).not.toContain(secret);
  const [hash] = await sql<{ secret_hash: string }>(`SELECT secret_hash FROM client WHERE id = $1`, [clientId]);
  expect(stored!.text).not.toContain(hash!.secret_hash);
});

test("a write that finds things as they were is recorded with no change; disabling records the account and its sessions", async () => {
  const { member: admin, token } = await staffWithToken("aud-disabler", "admin");
  const { member } = await memberWithToken("aud-disabled");
  expect((await api("POST", `/api/v1/admin/users/${member.id}/enable`, token)).status).toBe(200);
  expect((await api("POST", `/api/v1/admin/users/${member.id}/disable`, token)).status).toBe(200);
  const [disabling, enabling] = (await api("GET", `/api/v1/admin/audit?actor=${admin.id}&section=users`, token)).body.items;
  expect(enabling).toMatchObject({ path: `/api/v1/admin/users/${member.id}/enable`, target_id: member.id, changes: [] });
  const tables = disabling.changes.map((change: { table: string; operation: string }) => `${change.table} ${change.operation}`);
  expect(tables).toContain("account update");
  expect(tables).toContain("session update");
  expect(disabling.changes.find((change: { table: string }) => change.table === "account")).toEqual({
    table: "account",
    id: member.id,
    operation: "update",
    before: { disabled_at: null, updated_at: expect.any(String) },
    after: { disabled_at: expect.any(String), updated_at: expect.any(String) },
  });
});

test("only administrators read the log; its filters are validated, naming the field", async () => {
  const { token: staffToken } = await staffWithToken("aud-not-admin");
  expect((await api("GET", "/api/v1/admin/audit", staffToken)).body).toEqual(forbidden("audit:read"));
  expect((await api("GET", "/api/v1/admin/audit/export", staffToken)).body).toEqual(forbidden("audit:read"));
  const { token } = await staffWithToken("aud-validator", "admin");
  const refused = async (query: string) => (await api("GET", `/api/v1/admin/audit?${query}`, token)).body;
  expect(await refused("section=sermons")).toEqual(invalidRequest("section: must be one of users, roles, families, guardianships, membership, clients, events, campuses, ministries, webhooks, settings"));
  expect(await refused("from=2026-02-30")).toEqual(invalidRequest("from: must be a date (YYYY-MM-DD)"));
  expect(await refused("to=yesterday")).toEqual(invalidRequest("to: must be a date (YYYY-MM-DD)"));
  expect(await refused("actor=someone")).toEqual(invalidRequest("actor: must be a user id (UUID)"));
  expect(await refused("sort=actor")).toEqual(invalidRequest("sort: must be one of at, -at"));
  expect(await refused("table=account")).toEqual(invalidRequest('Unrecognized key: "table"'));
  const write = await fetch(new URL("/api/v1/admin/audit", ISSUER), { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(write.status).toBe(405);
});

test("the CSV export: one quoted line per changed row, the filters applied, a formula never live", async () => {
  const { member: admin, token } = await staffWithToken("aud-csv", "admin");
  // The name as it was at the write is the one recorded; a spreadsheet must show it, not run it.
  await sql(`UPDATE account SET given_name = '=HYPERLINK("https://evil.example")' WHERE id = $1`, [admin.id]);
  const name = `Campus, "quoted" ${uniqueWord()}`;
  const created = await api("POST", "/api/v1/admin/campuses", token, { body: { name, timezone: "Asia/Tokyo" } });
  expect(created.status).toBe(201);

  const response = await fetch(new URL(`/api/v1/admin/audit/export?actor=${admin.id}`, ISSUER), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="staff-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const text = await response.text();
  expect(text.endsWith("\r\n")).toBe(true);
  const rows: string[][] = parse(text, { relax_column_count: false });
  expect(rows[0]).toEqual(["at", "actor_email", "actor_name", "method", "path", "section", "target_id", "request_id", "table", "row_id", "operation", "before", "after"]);
  expect(rows).toHaveLength(2);
  const [at, email, actorName, method, path, section, , , table, rowId, operation, before, after] = rows[1]!;
  expect([email, actorName, method, path, section, table, rowId, operation, before]).toEqual([
    admin.email,
    `'=HYPERLINK("https://evil.example") Member aud-csv`,
    "POST",
    "/api/v1/admin/campuses",
    "campuses",
    "campus",
    created.body.id,
    "insert",
    "",
  ]);
  expect(at).toMatch(ISO);
  expect(JSON.parse(after!)).toMatchObject({ id: created.body.id, name, timezone: "Asia/Tokyo" });

  const none = await fetch(new URL(`/api/v1/admin/audit/export?actor=${admin.id}&section=events`, ISSUER), { headers: { authorization: `Bearer ${token}` } });
  expect(parse(await none.text())).toHaveLength(1);
  const bad = await fetch(new URL("/api/v1/admin/audit/export?page=2", ISSUER), { headers: { authorization: `Bearer ${token}` } });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual(invalidRequest('Unrecognized key: "page"'));
});

test("the office's household, people and register writes are recorded with the rows they changed", async () => {
  const { member: admin, token } = await staffWithToken("aud-office", "admin");
  const { member: mum } = await memberWithToken("aud-mum");
  const { member: dad } = await memberWithToken("aud-dad");
  const household = async (name: string, adult: string) => {
    const created = await api("POST", "/api/v1/admin/families", token, { body: { name } });
    expect(created.status).toBe(201);
    expect((await api("POST", `/api/v1/admin/families/${created.body.id}/members`, token, { body: { user_id: adult } })).status).toBe(201);
    return created.body.id as string;
  };
  const intoId = await household(`The ${uniqueWord()} family`, mum.id);
  const fromId = await household(`The ${uniqueWord()} family (twice)`, dad.id);
  expect((await api("POST", `/api/v1/admin/families/${intoId}/merge`, token, { body: { from: fromId } })).status).toBe(200);
  expect((await api("POST", `/api/v1/admin/users/${dad.id}/sessions/end`, token)).status).toBe(200);
  const record = await insertRecord();
  await sql(`UPDATE membership_record SET linked_user_id = $1, linked_at = now() WHERE id = $2`, [mum.id, record.id]);
  expect((await api("POST", `/api/v1/admin/membership/records/${record.id}/unlink`, token)).status).toBe(200);

  const entries: { method: string; path: string; changes: AuditChangeRow[] }[] = (await api("GET", `/api/v1/admin/audit?actor=${admin.id}&per=100`, token)).body.items;
  const changesOf = (path: string) => entries.find((entry) => entry.method === "POST" && entry.path === path)?.changes ?? [];
  const kinds = (path: string) => changesOf(path).map((change) => `${change.table} ${change.operation}`);
  expect(kinds(`/api/v1/admin/families/${intoId}/merge`)).toEqual(expect.arrayContaining(["family_member update", "family delete"]));
  expect(changesOf(`/api/v1/admin/families/${intoId}/merge`).find((change) => change.table === "family_member")).toMatchObject({
    id: `${intoId}:${dad.id}`,
    before: { family_id: fromId },
    after: { family_id: intoId },
  });
  expect(kinds(`/api/v1/admin/users/${dad.id}/sessions/end`)).toContain("session update");
  expect(changesOf(`/api/v1/admin/membership/records/${record.id}/unlink`).find((change) => change.table === "membership_record")).toMatchObject({
    id: record.id,
    operation: "update",
    before: { linked_user_id: mum.id },
    after: { linked_user_id: null },
  });
});

interface AuditChangeRow {
  table: string;
  id: string;
  operation: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
