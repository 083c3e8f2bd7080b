import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { cleanupExpired } from "./cleanup-expired.ts";

const database = serviceTestDatabase();

describe("cleanupExpired", () => {
  it("deletes what can never be used again, in batches, and keeps the rest", async () => {
    const now = new Date();
    const code = (expiresAt: Date) =>
      database.prisma.verificationCode.create({ data: { purpose: "email_verification", subject: "jane@example.org", target: "", codeHash: "h", expiresAt } });
    for (let i = 0; i < 3; i += 1) await code(new Date(now.getTime() - 1000));
    const live = await code(new Date(now.getTime() + 60_000));

    const summary = await cleanupExpired(database, { now, batchSize: 2 });
    expect(summary.verificationCodes).toBe(3);
    expect(Object.values(summary).every((count) => typeof count === "number")).toBe(true);
    expect(await database.prisma.verificationCode.findMany({ select: { id: true } })).toEqual([{ id: live.id }]);
    expect((await cleanupExpired(database, { now })).verificationCodes).toBe(0);
  });
});
