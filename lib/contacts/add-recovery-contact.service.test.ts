import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { addRecoveryContact } from "./add-recovery-contact.ts";
import { listRecoveryContacts } from "./list-recovery-contacts.ts";
import { removeRecoveryContactOrThrow } from "./remove-recovery-contact-or-throw.ts";
import { resendRecoveryContactCode } from "./resend-recovery-contact-code.ts";
import { verifyRecoveryContact } from "./verify-recovery-contact.ts";

const database = serviceTestDatabase();

/** The code in the newest message to `recipient`. */
async function codeSentTo(recipient: string): Promise<string> {
  const message = await database.prisma.outboxMessage.findFirstOrThrow({ where: { recipient }, orderBy: { createdAt: "desc" }, select: { body: true } });
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

describe("recovery contacts", () => {
  it("are added pending with a code, verified by it, and removed; someone else's are not found", async () => {
    const { prisma } = database;
    const jane = await insertMember(database, { email: "jane@example.org" });
    const joe = await insertMember(database);
    const contact = { channel: "email" as const, value: "jane.backup@example.net" };

    const added = await addRecoveryContact(database, jane.id, contact, TEST_CONTEXT);
    expect(added).toEqual({ id: expect.any(String), status: "pending_verification" });
    expect((await failure(addRecoveryContact(database, jane.id, contact, TEST_CONTEXT)))?.code).toBe("conflict");
    expect((await failure(addRecoveryContact(database, jane.id, { channel: "email", value: "jane@example.org" }, TEST_CONTEXT)))?.code).toBe("conflict");
    // The account's own address is told of it.
    expect(await prisma.outboxMessage.count({ where: { recipient: "jane@example.org" } })).toBe(1);

    expect(await resendRecoveryContactCode(database, jane.id, added.id, TEST_CONTEXT)).toEqual(added);
    const code = await codeSentTo(contact.value);
    const wrong = await failure(verifyRecoveryContact(database, jane.id, added.id, code === "000000" ? "000001" : "000000", TEST_CONTEXT));
    expect([wrong?.code, wrong?.description]).toEqual(["invalid_request", "code: is not the code we sent; 4 tries left"]);
    expect((await failure(verifyRecoveryContact(database, joe.id, added.id, code, TEST_CONTEXT)))?.code).toBe("not_found");
    expect(await verifyRecoveryContact(database, jane.id, added.id, code, TEST_CONTEXT)).toEqual({ id: added.id, status: "verified" });
    expect(await listRecoveryContacts(database, jane.id)).toEqual([
      { id: added.id, channel: "email", value: expect.stringContaining("@"), status: "verified", created_at: expect.any(String), verified_at: expect.any(String) },
    ]);

    expect((await failure(removeRecoveryContactOrThrow(database, joe.id, added.id, TEST_CONTEXT)))?.code).toBe("not_found");
    expect(await removeRecoveryContactOrThrow(database, jane.id, added.id, TEST_CONTEXT)).toEqual({
      id: added.id,
      channel: "email",
      value: expect.stringContaining("@"),
      status: "removed",
    });
    expect((await failure(removeRecoveryContactOrThrow(database, jane.id, added.id, TEST_CONTEXT)))?.code).toBe("not_found");
    expect(await listRecoveryContacts(database, jane.id)).toEqual([]);
    expect((await prisma.securityEvent.findMany({ where: { userId: jane.id }, orderBy: { createdAt: "asc" }, select: { type: true } })).map((event) => event.type)).toEqual([
      "recovery_contact_added",
      "recovery_contact_verified",
      "recovery_contact_removed",
    ]);
  });
});
