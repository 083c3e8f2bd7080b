import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../crypto/password.ts";
import { hashToken } from "../crypto/tokens.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure } from "../db/test-fixtures.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { signInAccountKey } from "../limits/keys.ts";
import { ACCOUNT_POLICY } from "../limits/policies.ts";
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

  it("a burst of wrong passwords at once is tried as often as the same guesses in turn: the free ones and the one that starts the wait", async () => {
    const email = `burst-${randomUUID()}@example.org`;
    const user = await database.prisma.user.create({
      data: { email, givenName: "Burst", familyName: "Target", emailVerifiedAt: new Date(), passwordHash: await hashPassword("the right password") },
      select: { id: true },
    });
    // An address of this test's own (a documentation range), so no other test's failures count here.
    const context = { ip: `203.0.113.${randomInt(1, 255)}`, userAgent: "burst" };
    const now = new Date();

    // Thirty guesses at once through the pool: each passes the limits or is refused before argon2 runs.
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => signInWithPassword(database, { email, password: "a wrong guess", context }, now)));
    const errors = outcomes.map((outcome) => (outcome.status === "rejected" ? (outcome.reason as Error) : null));
    expect(errors.filter((error) => (error as { code?: string } | null)?.code === "invalid_credentials")).toHaveLength(ACCOUNT_POLICY.freeFailures);
    expect(errors.filter((error) => error instanceof TooManyAttemptsError)).toHaveLength(30 - ACCOUNT_POLICY.freeFailures);
    // Tried: five free guesses and the sixth, whose failure starts the wait; the other 24 never reached the password.
    expect(await database.prisma.securityEvent.count({ where: { userId: user.id, type: "sign_in_failed" } })).toBe(ACCOUNT_POLICY.freeFailures + 1);
    const [counter] = await database.query<{ failures: number }>(`SELECT failures FROM attempt_counter WHERE key = $1`, [signInAccountKey(email).key]);
    expect(counter?.failures).toBe(ACCOUNT_POLICY.freeFailures + 1);

    // The right password is refused too until the 2-second wait is over, then signs in.
    await expect(signInWithPassword(database, { email, password: "the right password", context }, now)).rejects.toBeInstanceOf(TooManyAttemptsError);
    const later = new Date(now.getTime() + 2000);
    expect(await signInWithPassword(database, { email, password: "the right password", context }, later)).toEqual({ next: "signed_in", userId: user.id });
  });
});
