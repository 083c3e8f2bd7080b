import { describe, expect, it } from "vitest";
import { verifyPassword } from "../crypto/password.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, insertSession } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { changeMyPassword } from "./change-my-password.ts";

const database = serviceTestDatabase();
const NEW_PASSWORD = "lantern orchard violet river";

/** A member signed in on a laptop (the session making the change) and a phone, each with an app's grant. */
async function signedInTwice(fields: { password?: boolean } = {}) {
  const member = await insertMember(database, { givenName: "Grace", familyName: "Hopper", ...fields });
  const clientId = await insertClient(database);
  const laptop = await insertSession(database, member.id);
  const phone = await insertSession(database, member.id);
  const grants = { laptop: await insertGrant(database, { userId: member.id, clientId, sessionId: laptop }), phone: await insertGrant(database, { userId: member.id, clientId, sessionId: phone }) };
  return { member, laptop, phone, grants };
}

const passwordHashOf = async (userId: string) => (await database.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })).passwordHash;
const logOf = (userId: string) => database.prisma.securityEvent.findMany({ where: { userId }, select: { type: true, detail: true } });

describe("changeMyPassword", () => {
  it("sets the new password, keeps the session making the change and ends the others with their grants; logs it and tells the member", async () => {
    const { member, laptop, phone, grants } = await signedInTwice();

    expect(await changeMyPassword(database, { userId: member.id, sessionId: laptop, newPassword: NEW_PASSWORD, context: TEST_CONTEXT })).toEqual({ status: "ok", other_sessions_ended: 1 });

    expect(await verifyPassword((await passwordHashOf(member.id))!, NEW_PASSWORD)).toBe(true);
    const sessions = await database.prisma.session.findMany({ where: { userId: member.id }, select: { id: true, revokedAt: true } });
    expect(Object.fromEntries(sessions.map((session) => [session.id, session.revokedAt !== null]))).toEqual({ [laptop]: false, [phone]: true });
    const grantRows = await database.prisma.grant.findMany({ where: { userId: member.id }, select: { id: true, revokedReason: true } });
    expect(Object.fromEntries(grantRows.map((grant) => [grant.id, grant.revokedReason]))).toEqual({ [grants.laptop]: null, [grants.phone]: "session_revoked" });
    expect(await logOf(member.id)).toEqual([{ type: "password_changed", detail: { via: "account" } }]);
    const notices = await database.prisma.outboxMessage.findMany({ where: { recipient: member.email! }, select: { subject: true, body: true } });
    expect(notices).toEqual([{ subject: expect.stringMatching(/^Your password was changed/), body: expect.stringContaining("every other device signed in to your account was signed out") }]);
    expect(JSON.stringify(notices)).not.toContain(NEW_PASSWORD);
  });

  it("sets a first password for an account without one (passkeys or another provider), logged as added", async () => {
    const { member, laptop } = await signedInTwice({ password: false });
    await changeMyPassword(database, { userId: member.id, sessionId: laptop, newPassword: NEW_PASSWORD, context: TEST_CONTEXT });
    expect(await verifyPassword((await passwordHashOf(member.id))!, NEW_PASSWORD)).toBe(true);
    expect(await logOf(member.id)).toEqual([{ type: "password_set", detail: { via: "account" } }]);
  });

  it("refuses a common password, or one made of the member's own name or address, and changes nothing", async () => {
    const { member, laptop } = await signedInTwice();
    const before = await passwordHashOf(member.id);
    for (const weak of ["password123", "GraceHopper1", member.email!]) {
      const refusal = await thrownBy(IdentityError, changeMyPassword(database, { userId: member.id, sessionId: laptop, newPassword: weak, context: TEST_CONTEXT }));
      expect(refusal.code).toBe("invalid_request");
      expect(refusal.description).toMatch(/^new_password: /);
    }
    expect(await passwordHashOf(member.id)).toBe(before);
    expect(await logOf(member.id)).toEqual([]);
    expect(await database.prisma.session.count({ where: { userId: member.id, revokedAt: { not: null } } })).toBe(0);
    expect(await database.prisma.outboxMessage.count({ where: { recipient: member.email! } })).toBe(0);
  });
});
