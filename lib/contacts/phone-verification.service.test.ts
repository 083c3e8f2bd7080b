import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { getPhoneVerification } from "./get-phone-verification.ts";
import { startPhoneVerification } from "./start-phone-verification.ts";
import { verifyPhone } from "./verify-phone.ts";

const database = serviceTestDatabase();

/** The code in the newest text to `phone`. */
async function codeTextedTo(phone: string): Promise<string> {
  const message = await database.prisma.outboxMessage.findFirstOrThrow({ where: { recipient: phone }, orderBy: { createdAt: "desc" }, select: { body: true } });
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

const wrong = (code: string) => (code === "000000" ? "000001" : "000000");

describe("a phone verification under way (GET /api/v1/users/me/phone)", () => {
  it("names the number a code waits for, masked, until the right code verifies it; nobody else sees it", async () => {
    const jane = await insertMember(database);
    const joe = await insertMember(database);
    expect(await getPhoneVerification(database, jane.id)).toEqual({ pending: null });

    const sentAt = new Date();
    await startPhoneVerification(database, jane.id, "+16175550101", TEST_CONTEXT, sentAt);
    const state = await getPhoneVerification(database, jane.id);
    expect(state).toEqual({ pending: { phone_number: "+16*******01", expires_at: new Date(sentAt.getTime() + 10 * 60 * 1000).toISOString() } });
    expect(JSON.stringify(state)).not.toContain("6175550101");
    expect(await getPhoneVerification(database, joe.id)).toEqual({ pending: null });

    // Asking again for another number: only the newest is waiting.
    await startPhoneVerification(database, jane.id, "+447911123456", TEST_CONTEXT);
    expect((await getPhoneVerification(database, jane.id)).pending?.phone_number).toBe("+44********56");

    // A wrong code leaves it waiting; the right one ends the wait and makes it the account's phone.
    const code = await codeTextedTo("+447911123456");
    expect(await verifyPhone(database, jane.id, wrong(code), TEST_CONTEXT)).toEqual({ verified: false });
    expect((await getPhoneVerification(database, jane.id)).pending?.phone_number).toBe("+44********56");
    expect(await verifyPhone(database, jane.id, code, TEST_CONTEXT)).toEqual({ verified: true });
    expect(await getPhoneVerification(database, jane.id)).toEqual({ pending: null });
    expect(await database.prisma.user.findUniqueOrThrow({ where: { id: jane.id }, select: { phone: true } })).toEqual({ phone: "+447911123456" });
  });

  it("is over once the code expires or its tries run out", async () => {
    const member = await insertMember(database);
    const sentAt = new Date();
    await startPhoneVerification(database, member.id, "+16175550102", TEST_CONTEXT, sentAt);
    expect((await getPhoneVerification(database, member.id, new Date(sentAt.getTime() + 9 * 60 * 1000))).pending).not.toBeNull();
    expect(await getPhoneVerification(database, member.id, new Date(sentAt.getTime() + 10 * 60 * 1000))).toEqual({ pending: null });

    await startPhoneVerification(database, member.id, "+16175550102", TEST_CONTEXT);
    const code = await codeTextedTo("+16175550102");
    for (let attempt = 1; attempt <= 4; attempt += 1) expect(await verifyPhone(database, member.id, wrong(code), TEST_CONTEXT)).toEqual({ verified: false });
    expect((await getPhoneVerification(database, member.id)).pending).not.toBeNull();
    expect((await failure(verifyPhone(database, member.id, wrong(code), TEST_CONTEXT)))?.code).toBe("too_many_requests");
    expect(await getPhoneVerification(database, member.id)).toEqual({ pending: null });
  });
});
