import { describe, expect, it } from "vitest";
import { hashPassword } from "../crypto/password.ts";
import { hashToken } from "../crypto/tokens.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure } from "../db/test-fixtures.ts";
import { completeSignIn } from "./complete-sign-in.ts";
import { signInWithPassword } from "./sign-in-with-password.ts";

const database = serviceTestDatabase();

describe("signing in with a password", () => {
  it("refuses a wrong password (and logs it), then signs in and starts a session", async () => {
    const { prisma } = database;
    const email = "jane@example.org";
    const user = await prisma.user.create({
      data: { email, givenName: "Jane", familyName: "Doe", emailVerifiedAt: new Date(), passwordHash: await hashPassword("correct horse battery") },
      select: { id: true },
    });

    expect((await failure(signInWithPassword(database, { email, password: "wrong password", context: TEST_CONTEXT })))?.code).toBe("invalid_credentials");
    expect((await failure(signInWithPassword(database, { email: "nobody@example.org", password: "wrong password", context: TEST_CONTEXT })))?.code).toBe("invalid_credentials");
    expect(await signInWithPassword(database, { email, password: "correct horse battery", context: TEST_CONTEXT })).toEqual({ next: "signed_in", userId: user.id });

    const done = await completeSignIn(database, { userId: user.id, amr: ["pwd"], method: "password", context: TEST_CONTEXT, cookie: () => undefined, returnTo: "/calendar" });
    expect(done.redirectTo).toBe("/calendar");
    const session = await prisma.session.findUniqueOrThrow({ where: { id: done.sessionId }, select: { userId: true, tokenHash: true, revokedAt: true } });
    expect(session).toEqual({ userId: user.id, tokenHash: hashToken(done.cookies[0]!.value), revokedAt: null });
    expect(done.cookies.map((cookie) => cookie.name)).toEqual(["session", "device"]);
    expect((await prisma.securityEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" }, select: { type: true } })).map((event) => event.type)).toEqual([
      "sign_in_failed",
      "sign_in",
    ]);
  });
});
