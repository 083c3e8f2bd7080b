import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { listSecurityEvents } from "./list-security-events.ts";

const database = serviceTestDatabase();

describe("listSecurityEvents", () => {
  it("pages newest first on (created_at, id), ties included, with a cursor only its member may use", async () => {
    const { prisma } = database;
    const jane = await insertMember(database);
    const joe = await insertMember(database);
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute));
    // Three events in the same millisecond: only the id orders them.
    const times = [at(1), at(2), at(2), at(2), at(3)];
    for (const [index, createdAt] of times.entries()) {
      await prisma.securityEvent.create({ data: { userId: jane.id, type: "sign_in", createdAt, ip: "203.0.113.7", detail: { n: index } } });
    }
    await prisma.securityEvent.create({ data: { userId: joe.id, type: "sign_in", createdAt: at(2) } });
    const expected = await prisma.securityEvent.findMany({ where: { userId: jane.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const result = await listSecurityEvents(database, jane.id, 2, cursor);
      seen.push(...result.events.map((event) => event.id));
      if (!result.next_cursor) break;
      cursor = result.next_cursor;
    }
    expect(seen).toEqual(expected.map((row) => row.id));

    const first = await listSecurityEvents(database, jane.id, 2, undefined);
    expect(first.events[0]).toMatchObject({ type: "sign_in", created_at: "2026-05-01T12:03:00.000Z", ip: "203.0.113.7", detail: { n: 4 } });
    await expect(listSecurityEvents(database, joe.id, 2, first.next_cursor!)).rejects.toMatchObject({ code: "invalid_request" });
  });
});
