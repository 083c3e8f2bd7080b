import { describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { startEmailChange, verifyMyNewEmail } from "./change-my-email.ts";

const database = serviceTestDatabase();

const codeIn = (body: string) => /: (\d{6})\n/.exec(body)?.[1];
const messagesTo = (recipient: string) => database.prisma.outboxMessage.findMany({ where: { recipient }, select: { subject: true, body: true } });
const accountOf = (userId: string) => database.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
const logOf = (userId: string) => database.prisma.securityEvent.findMany({ where: { userId }, select: { type: true, detail: true } });
const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`;

/** A member who asked to move to a new address, and the code that went there. */
async function asked() {
  const member = await insertMember(database, { givenName: "Lydia" });
  const newEmail = fresh("lydia-new");
  await startEmailChange(database, member.id, newEmail, TEST_CONTEXT);
  const [message] = await messagesTo(newEmail);
  const code = codeIn(message!.body);
  expect(code).toMatch(/^\d{6}$/);
  return { member, newEmail, code: code! };
}

describe("changing one's sign-in address", () => {
  it("changes nothing until the code from the new address comes back; then it is the account's, verified, logged and told to the old one", async () => {
    const { member, newEmail, code } = await asked();
    expect((await accountOf(member.id)).email).toBe(member.email);

    const wrong = code === "000000" ? "000001" : "000000";
    expect(await verifyMyNewEmail(database, member.id, wrong, TEST_CONTEXT)).toEqual({ verified: false });
    expect((await accountOf(member.id)).email).toBe(member.email);

    expect(await verifyMyNewEmail(database, member.id, code, TEST_CONTEXT)).toEqual({ verified: true, email: newEmail });
    const account = await accountOf(member.id);
    expect(account.email).toBe(newEmail);
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await logOf(member.id)).toEqual([{ type: "email_changed", detail: { from: expect.stringMatching(/^m\*\*\*@e\*\*\*\.org$/), to: expect.stringMatching(/^l\*\*\*@e\*\*\*\.org$/) } }]);
    const [notice] = await messagesTo(member.email!);
    expect(notice?.subject).toMatch(/^Your email address was changed/);
    expect(notice?.body).not.toContain(newEmail);
    // The code is spent.
    const again = await thrownBy(IdentityError, verifyMyNewEmail(database, member.id, code, TEST_CONTEXT));
    expect(again.code).toBe("invalid_request");
  });

  it("sends an address that already has an account a note, not a code, and answers the same; that address never becomes the member's", async () => {
    const member = await insertMember(database);
    const other = await insertMember(database);
    expect(await startEmailChange(database, member.id, other.email!, TEST_CONTEXT)).toEqual({ status: "ok" });
    const [note] = await messagesTo(other.email!);
    expect(note?.subject).toMatch(/^Someone tried to use this email address/);
    expect(codeIn(note!.body)).toBeUndefined();
    expect((await thrownBy(IdentityError, verifyMyNewEmail(database, member.id, "123456", TEST_CONTEXT))).description).toBe("code: no code has been sent; ask for one first");
    expect((await accountOf(member.id)).email).toBe(member.email);
  });

  it("refuses the address the member already has", async () => {
    const member = await insertMember(database);
    const refusal = await thrownBy(IdentityError, startEmailChange(database, member.id, member.email!, TEST_CONTEXT));
    expect([refusal.code, refusal.description]).toEqual(["invalid_request", "email: is already the address you sign in with"]);
  });

  it("is a conflict when another account took the address after the code was sent, and nothing changes", async () => {
    const { member, newEmail, code } = await asked();
    await insertMember(database, { email: newEmail });
    const refusal = await thrownBy(IdentityError, verifyMyNewEmail(database, member.id, code, TEST_CONTEXT));
    expect(refusal.code).toBe("conflict");
    expect((await accountOf(member.id)).email).toBe(member.email);
    expect(await logOf(member.id)).toEqual([]);
    expect(await messagesTo(member.email!)).toEqual([]);
  });
});
