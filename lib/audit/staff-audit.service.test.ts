import { describe, expect, it } from "vitest";
import { createCampus } from "../calendar/create-campus.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { openStaffAuditEntry } from "./open-audit-entry.ts";

// The audit triggers (docs/decisions/0020) on a database with every migration: the embedded PGlite here,
// PostgreSQL under `npm run test:services:postgres`. The routes' side is e2e/api/admin-audit.spec.ts.
const database = serviceTestDatabase();

interface Entry {
  actor_name: string;
  section: string;
  target_id: string | null;
  changes: { table: string; id: string; operation: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
}
const entriesOf = (actorId: string) => database.query<Entry>(`SELECT actor_name, section, target_id, changes FROM staff_audit_entry WHERE actor_id = $1::uuid ORDER BY at`, [actorId]);

describe("the staff audit log's triggers", () => {
  it("record each row a staff write changes in its entry, only the changed columns of an update, and a secret only as hidden", async () => {
    const staff = await insertMember(database, { givenName: "Ruth", familyName: "Office" });
    const member = await insertMember(database);
    const campus = await database.transaction(async (tx) => {
      await openStaffAuditEntry(tx, { actorId: staff.id, clientId: "portal", method: "POST", path: "/api/v1/admin/campuses", targetId: null, requestId: "req-1" });
      const created = await createCampus(tx, "Riverside", "Europe/Oslo");
      await tx.query(`UPDATE campus SET name = 'Riverside North' WHERE id = $1`, [created.id]);
      await tx.query(`UPDATE account SET password_hash = 'another hash' WHERE id = $1::uuid`, [member.id]);
      return created;
    });
    const [entry] = await entriesOf(staff.id);
    expect(entry).toMatchObject({ actor_name: "Ruth Office", section: "campuses", target_id: null });
    expect(entry!.changes).toEqual([
      { table: "campus", id: campus.id, operation: "insert", before: null, after: expect.objectContaining({ id: campus.id, name: "Riverside", timezone: "Europe/Oslo" }) },
      { table: "campus", id: campus.id, operation: "update", before: { name: "Riverside" }, after: { name: "Riverside North" } },
      { table: "account", id: member.id, operation: "update", before: expect.objectContaining({ password_hash: "(hidden)" }), after: expect.objectContaining({ password_hash: "(hidden)" }) },
    ]);
    expect(JSON.stringify(entry!.changes)).not.toContain("another hash");
  });

  it("record nothing outside a staff write, and nothing of a staff write that rolled back", async () => {
    const staff = await insertMember(database);
    await createCampus(database, "Hillside", "Europe/Oslo");
    await expect(
      database.transaction(async (tx) => {
        await openStaffAuditEntry(tx, { actorId: staff.id, clientId: "portal", method: "POST", path: "/api/v1/admin/campuses", targetId: null, requestId: "req-2" });
        await createCampus(tx, "Lakeside", "Europe/Oslo");
        throw new Error("refused after writing");
      }),
    ).rejects.toThrow("refused after writing");
    expect(await entriesOf(staff.id)).toEqual([]);
    const [count] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit_entry WHERE request_id = 'req-2'`);
    expect(count!.n).toBe(0);
  });
});
