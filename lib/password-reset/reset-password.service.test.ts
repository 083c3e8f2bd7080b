import { describe, expect, it } from "vitest";
import { AccountError } from "../accounts/errors.ts";
import { thrownBy, serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertClient, insertGrant, insertSession } from "../db/test-fixtures.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { resetPassword } from "./reset-password.ts";

const database = serviceTestDatabase();
const email = "jane@example.org";
const DAY = 24 * 60 * 60 * 1000;

/** Jane, with the password "old" (which the reset replaces), two live sessions and an ended one, each with a grant. */
async function member() {
  const clientId = await insertClient(database);
  // Not insertMember: the test reads the stored password hash back.
  const user = await database.prisma.user.create({ data: { email, givenName: "Jane", familyName: "Doe", passwordHash: "old" }, select: { id: true } });
  const sessions = {
    phone: await insertSession(database, user.id),
    laptop: await insertSession(database, user.id),
    ended: await insertSession(database, user.id, { revokedAt: new Date(Date.now() - DAY) }),
  };
  const grant = (sessionId: string) => insertGrant(database, { userId: user.id, clientId, sessionId });
  const grants = { phone: await grant(sessions.phone), laptop: await grant(sessions.laptop), ended: await grant(sessions.ended) };
  return { userId: user.id, sessions, grants };
}

const issueCode = () => database.transaction((tx) => issueVerificationCode(tx, { purpose: "password_reset", subject: email, binding: "", sentTo: email }));

describe("resetPassword", () => {
  it("changes the password and, in the same transaction, ends every live session and its grants", async () => {
    const { userId, sessions, grants } = await member();
    const endedBefore = await database.prisma.session.findUniqueOrThrow({ where: { id: sessions.ended }, select: { revokedAt: true } });

    const code = await issueCode();
    const wrong = await thrownBy(AccountError, resetPassword(database, { email, code: code === "000000" ? "000001" : "000000", password: "a new password", context: TEST_CONTEXT }));
    expect(wrong.code).toBe("invalid_code");
    expect(await database.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })).toEqual({ passwordHash: "old" });

    expect(await resetPassword(database, { email, code, password: "a new password", context: TEST_CONTEXT })).toEqual({ userId });

    const account = await database.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true, emailVerifiedAt: true } });
    expect(account.passwordHash).not.toBe("old");
    expect(account.emailVerifiedAt).not.toBeNull();
    for (const id of [sessions.phone, sessions.laptop]) {
      expect((await database.prisma.session.findUniqueOrThrow({ where: { id }, select: { revokedAt: true } })).revokedAt).not.toBeNull();
    }
    // An ended session is left as it was, with its grant, as before.
    expect(await database.prisma.session.findUniqueOrThrow({ where: { id: sessions.ended }, select: { revokedAt: true } })).toEqual(endedBefore);
    const grantRows = await database.prisma.grant.findMany({ where: { userId }, select: { id: true, revokedReason: true } });
    expect(Object.fromEntries(grantRows.map((row) => [row.id, row.revokedReason]))).toEqual({
      [grants.phone]: "session_revoked",
      [grants.laptop]: "session_revoked",
      [grants.ended]: null,
    });
    const events = await database.prisma.securityEvent.findMany({ where: { userId }, select: { type: true, detail: true } });
    expect(events).toEqual([{ type: "password_changed", detail: { via: "reset_code" } }]);
    const messages = await database.prisma.outboxMessage.findMany({ where: { recipient: email }, select: { subject: true } });
    expect(messages.map((message) => message.subject)).toEqual([expect.stringMatching(/^Your password was changed · /)]);

    // The code is used up.
    const again = await failure(resetPassword(database, { email, code, password: "another password", context: TEST_CONTEXT }));
    expect(again?.code).toBe("code_expired");
  });
});
