import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { challengeMembership } from "./challenge-membership.ts";
import { rankMembershipMatches } from "./rank-membership-matches.ts";
import { verifyMembership } from "./verify-membership.ts";

// A member finding and claiming their own register record, on a database with every migration.
const database = serviceTestDatabase();

describe("claiming a membership record", () => {
  it("finds it by name, sends a code to its contact on file, and links it with that code", async () => {
    const { prisma } = database;
    await prisma.membershipRecord.create({ data: { id: "mbr_william", givenName: "William", familyName: "Carter", email: "bill@old.example.org" } });
    const bill = await insertMember(database, { email: "bill@example.org", givenName: "Bill", familyName: "Carter" });

    const { matches } = await rankMembershipMatches(database, bill.id, "Bill Carter");
    expect(matches[0]).toMatchObject({ membership_id: "mbr_william", campus: null });

    expect(await challengeMembership(database, bill.id, "mbr_william", TEST_CONTEXT)).toEqual({ status: "ok" });
    const message = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: "bill@old.example.org" }, select: { body: true } });
    const code = /\b(\d{6})\b/.exec(message.body)![1]!;
    const wrong = await failure(verifyMembership(database, bill.id, "mbr_william", code === "000000" ? "000001" : "000000", TEST_CONTEXT));
    expect(wrong?.description).toBe("code: is not the code we sent; 4 tries left");

    expect(await verifyMembership(database, bill.id, "mbr_william", code, TEST_CONTEXT)).toEqual({ status: "linked", membership_id: "mbr_william" });
    expect(await verifyMembership(database, bill.id, "mbr_william", code, TEST_CONTEXT)).toEqual({ status: "linked", membership_id: "mbr_william" });
    expect((await failure(challengeMembership(database, bill.id, "mbr_william", TEST_CONTEXT)))?.description).toBe("this membership record is already linked to your account");
    expect((await rankMembershipMatches(database, bill.id, "William Carter")).matches).toEqual([]);
  });
});
