import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { signInWithEmailCode } from "./sign-in-with-email-code.ts";
import { TOTP_STATUS } from "./verify-totp-code.ts";

// The code step of "Email me a code" on a database with every migration: where it goes next is decided under
// the account's lock, in the statement that takes it (lib/users/account-lock.ts).
const database = serviceTestDatabase();

async function codeFor(email: string, binding: string): Promise<string> {
  return database.transaction((tx) => issueVerificationCode(tx, { purpose: "email_sign_in", subject: email, binding, sentTo: email }));
}

async function signIn(email: string): Promise<Awaited<ReturnType<typeof signInWithEmailCode>>> {
  const binding = `browser-${email}`;
  return signInWithEmailCode(database, { pending: { email, binding }, code: await codeFor(email, binding), context: TEST_CONTEXT });
}

describe("signing in with an emailed code", () => {
  it("signs in a member without two-step sign-in, and asks a member with it for their second step", async () => {
    const plain = await insertMember(database);
    expect(await signIn(plain.email!)).toEqual({ next: "signed_in", userId: plain.id });

    const guarded = await insertMember(database);
    await database.prisma.totpCredential.create({ data: { userId: guarded.id, secretEncrypted: "sealed", status: TOTP_STATUS.confirmed, confirmedAt: new Date() } });
    expect(await signIn(guarded.email!)).toEqual({ next: "second_factor", userId: guarded.id });

    // Two-step sign-in being set up (not yet confirmed) is not a second step.
    const settingUp = await insertMember(database);
    await database.prisma.totpCredential.create({ data: { userId: settingUp.id, secretEncrypted: "sealed", status: TOTP_STATUS.pending } });
    expect(await signIn(settingUp.email!)).toEqual({ next: "signed_in", userId: settingUp.id });
  });

  it("confirms an unconfirmed address and removes the password whoever registered it chose", async () => {
    const member = await insertMember(database);
    await database.prisma.user.update({ where: { id: member.id }, data: { emailVerifiedAt: null } });
    expect(await signIn(member.email!)).toEqual({ next: "signed_in", userId: member.id });
    expect(await database.prisma.user.findUniqueOrThrow({ where: { id: member.id }, select: { emailVerifiedAt: true, passwordHash: true } })).toEqual({
      emailVerifiedAt: expect.any(Date),
      passwordHash: null,
    });
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "email_verified")).toEqual([
      { type: "email_verified", detail: { via: "sign_in_code", password_removed: true } },
    ]);
  });
});
