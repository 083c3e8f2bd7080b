import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertClient, insertMember, insertSession } from "../db/test-fixtures.ts";
import { adminExportChurch } from "../church-export/endpoints.ts";
import { ensureSigningKeys } from "../oauth/keys.ts";
import { signAccessToken } from "../oauth/tokens.ts";
import { ensureBuiltIns } from "../system/ensure-built-ins.ts";
import { churchExportDownload } from "./church-export-download.ts";
import { endpointRoutes, handle } from "./endpoint-route.ts";

// GET /api/v1/admin/export through the identity wrapper, as its route file binds it (app/api/v1/admin/export),
// without a server: the wrapper's database is this test's (docs/decisions/0019), the tokens real ones of a
// first-party client, the roles the built-in ones every start writes (lib/identity/built-in-roles.ts).
const handles = vi.hoisted(() => ({ database: null as Database | null }));
vi.mock("../db.ts", () => ({ database: async () => handles.database }));

const database = serviceTestDatabase({ CHURCH_NAME: "Grace Harbor Church" });
handles.database = database;

const BASE = "http://localhost:3000";
const { GET, POST } = endpointRoutes(handle(adminExportChurch, async ({ caller, request, database: handle }) => churchExportDownload(handle, caller, request)));
const route = { params: Promise.resolve({}) };

let clientId: string;

beforeAll(async () => {
  await ensureBuiltIns(database, BASE);
  await ensureSigningKeys(database);
  clientId = await insertClient(database, { firstParty: true, scopes: ["openid", "profile", "staff"] });
});

/** A signed-in member holding the built-in `role`, with a portal token of the staff scope and a second factor. */
async function tokenOf(role: "admin" | "staff", givenName: string): Promise<{ userId: string; token: string }> {
  const member = await insertMember(database, { givenName, familyName: "Office" });
  await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = $2`, [member.id, role]);
  const sid = await insertSession(database, member.id);
  const { token } = await signAccessToken(database, { sub: member.id, clientId, scope: "openid staff", sid, authTime: new Date(), amr: ["pwd", "otp", "mfa"] });
  return { userId: member.id, token };
}

const call = (token: string, requestId: string) =>
  GET(new Request(`${BASE}/api/v1/admin/export`, { headers: { authorization: `Bearer ${token}`, "x-request-id": requestId } }), route);

const auditEntries = (requestId: string) => database.query<{ actor_id: string; section: string }>(`SELECT actor_id::text, section FROM staff_audit_entry WHERE request_id = $1`, [requestId]);

describe("GET /api/v1/admin/export", () => {
  it("refuses staff, who hold every staff permission but the administrators' own, naming church:export; nothing is recorded", async () => {
    const { token } = await tokenOf("staff", "Sarah");
    const answer = await call(token, "req-export-staff-0001");
    expect(answer.status).toBe(403);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ error: "forbidden", error_description: "missing permission church:export" });
    expect(await auditEntries("req-export-staff-0001")).toEqual([]);
  });

  it("gives an administrator the zip as an attachment named after the church and the day, recorded in the audit log", async () => {
    const { userId, token } = await tokenOf("admin", "Ruth");
    const answer = await call(token, "req-export-admin-0001");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="grace-harbor-church-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files)).toContain("README.txt");
    const accounts = JSON.parse(new TextDecoder().decode(files["json/accounts.json"])) as { id: string; roles: string[] }[];
    expect(accounts.find((account) => account.id === userId)?.roles).toEqual(["admin"]);
    expect(await auditEntries("req-export-admin-0001")).toEqual([{ actor_id: userId, section: "export" }]);
  });

  it("answers no other method", async () => {
    const { token } = await tokenOf("admin", "Rita");
    const answer = await POST(new Request(`${BASE}/api/v1/admin/export`, { method: "POST", headers: { authorization: `Bearer ${token}` } }), route);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
