import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { approveMembershipSuggestion } from "./approve-membership-suggestion.ts";
import { getMembershipRecordForStaffOrThrow } from "./get-membership-record-for-staff-or-throw.ts";
import { getMyMembership } from "./get-my-membership.ts";
import { listMembershipRecords } from "./list-membership-records.ts";
import { listMembershipSuggestions } from "./list-membership-suggestions.ts";
import { rejectMembershipSuggestion } from "./reject-membership-suggestion.ts";
import { suggestMembershipLink } from "./suggest-membership-link.ts";
import { unlinkMembershipRecord } from "./unlink-membership-record.ts";
import { updateMembershipRecord } from "./update-membership-record.ts";

// Members asking staff to link a register record, and staff deciding, on a database with every migration.
const database = serviceTestDatabase();

describe("membership link requests", () => {
  it("are filed by members, listed for staff, approved (closing the rest) or rejected", async () => {
    const { prisma } = database;
    await prisma.campus.create({ data: { id: "cmp_lake", name: "Lakeshore", timezone: "America/Chicago" } });
    await prisma.membershipRecord.createMany({
      data: [
        { id: "mbr_jane", givenName: "Jane", familyName: "Doe", email: "jane@old.example.org", campusId: "cmp_lake" },
        { id: "mbr_joan", givenName: "Joan", familyName: "Doe" },
      ],
    });
    const staff = await insertMember(database, { email: "office@example.org", givenName: "Olive", familyName: "Office" });
    const jane = await insertMember(database, { email: "jane@example.org", givenName: "Jane", familyName: "Doe" });
    const joe = await insertMember(database, { email: "joe@example.org", givenName: "Joe", familyName: "Doe" });

    expect(await suggestMembershipLink(database, jane.id, "mbr_jane", TEST_CONTEXT)).toEqual({ status: "ok" });
    expect(await suggestMembershipLink(database, jane.id, "mbr_jane", TEST_CONTEXT)).toEqual({ status: "ok" });
    await suggestMembershipLink(database, jane.id, "mbr_joan", TEST_CONTEXT);
    await suggestMembershipLink(database, joe.id, "mbr_jane", TEST_CONTEXT);
    expect(await getMyMembership(database, jane.id)).toEqual({
      membership: null,
      requests: [
        { membership_id: "mbr_jane", campus: { id: "cmp_lake", name: "Lakeshore" }, status: "pending", created_at: expect.any(String) },
        { membership_id: "mbr_joan", campus: null, status: "pending", created_at: expect.any(String) },
      ],
    });

    const pending = await listMembershipSuggestions(database, { page: 1, per: 20, sort: "createdAt", status: "pending", q: "jane" });
    expect(pending.metadata.total).toBe(3);
    const janes = pending.items.find((item) => item.member.id === jane.id && item.record.membership_id === "mbr_jane")!;
    expect(janes).toMatchObject({ status: "pending", decided_at: null, record: { campus: { id: "cmp_lake", name: "Lakeshore" }, linked: false } });

    const approved = await approveMembershipSuggestion(database, staff.id, janes.id, TEST_CONTEXT);
    expect(approved).toMatchObject({ id: janes.id, status: "approved", decided_at: expect.stringMatching(/Z$/), record: { linked: true } });
    expect((await failure(approveMembershipSuggestion(database, staff.id, janes.id, TEST_CONTEXT)))?.description).toBe("this request is already approved");
    // Jane's other request and Joe's for the same record are settled.
    expect((await listMembershipSuggestions(database, { page: 1, per: 20, sort: "createdAt", status: "closed" })).metadata.total).toBe(2);
    expect((await failure(rejectMembershipSuggestion(database, staff.id, "not-a-uuid", TEST_CONTEXT)))?.code).toBe("not_found");
    expect((await getMyMembership(database, jane.id)).membership).toEqual({
      membership_id: "mbr_jane",
      campus: { id: "cmp_lake", name: "Lakeshore" },
      linked_at: expect.any(String),
      given_name: "Jane",
      family_name: "Doe",
      born: null,
    });

    await suggestMembershipLink(database, joe.id, "mbr_joan", TEST_CONTEXT);
    const joes = (await listMembershipSuggestions(database, { page: 1, per: 20, sort: "-createdAt", status: "pending" })).items[0]!;
    expect((await rejectMembershipSuggestion(database, staff.id, joes.id, TEST_CONTEXT)).status).toBe("rejected");
    expect(await prisma.securityEvent.count({ where: { userId: joe.id, type: "membership_link_rejected" } })).toBe(1);

    const record = await getMembershipRecordForStaffOrThrow(database, "mbr_jane");
    expect(record).toEqual({
      membership_id: "mbr_jane", given_name: "Jane", family_name: "Doe", birth_date: null, email: "jane@old.example.org", phone: null, household_id: null,
      middle_name: null, nickname: null, gender: null, address: null, household_name: null, remote_id: null,
      campus: { id: "cmp_lake", name: "Lakeshore" }, linked_user_id: jane.id, linked_at: expect.stringMatching(/Z$/),
      linked_account: { id: jane.id, email: "jane@example.org", given_name: "Jane", family_name: "Doe" },
    });
    expect(await listMembershipRecords(database, { page: 1, per: 20, sort: "familyName", linked: "true" })).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [record] });
    expect((await listMembershipRecords(database, { page: 1, per: 1, sort: "-familyName", linked: "false", q: "joan" })).items.map((item) => item.membership_id)).toEqual(["mbr_joan"]);

    // Staff correct the record (the member's log names the fields), then unlink it (logged once; again: unchanged).
    const edited = await updateMembershipRecord(database, staff.id, "mbr_jane", { email: "jane@new.example.org", campus_id: null }, TEST_CONTEXT);
    expect(edited).toMatchObject({ email: "jane@new.example.org", campus: null, linked_user_id: jane.id });
    expect(await failure(updateMembershipRecord(database, staff.id, "mbr_jane", { campus_id: "cmp_gone" }, TEST_CONTEXT))).toMatchObject({ code: "invalid_request" });
    expect(await failure(updateMembershipRecord(database, staff.id, "mbr_none", { given_name: "X" }, TEST_CONTEXT))).toMatchObject({ code: "not_found" });
    const unlinked = await unlinkMembershipRecord(database, staff.id, "mbr_jane", TEST_CONTEXT);
    expect(unlinked).toMatchObject({ linked_user_id: null, linked_at: null, linked_account: null });
    expect(await unlinkMembershipRecord(database, staff.id, "mbr_jane", TEST_CONTEXT)).toEqual(unlinked);
    const logged = await prisma.securityEvent.findMany({ where: { userId: jane.id, type: { in: ["membership_record_updated", "membership_unlinked"] } }, select: { type: true, detail: true }, orderBy: { createdAt: "asc" } });
    expect(logged).toEqual([
      { type: "membership_record_updated", detail: { membership_id: "mbr_jane", by: staff.id, fields: ["campus_id", "email"] } },
      { type: "membership_unlinked", detail: { membership_id: "mbr_jane", by: staff.id } },
    ]);
    expect((await getMyMembership(database, jane.id)).membership).toBeNull();
  });
});
