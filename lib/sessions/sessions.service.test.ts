import { describe, expect, it } from "vitest";
import { AccountError } from "../accounts/errors.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { createSession } from "./create-session.ts";
import { getSessionByToken } from "./get-session.ts";
import { listMemberSessions } from "./list-member-sessions.ts";
import { renewSession } from "./renew-session.ts";
import { revokeMemberSessionOrThrow, revokeOtherMemberSessions } from "./revoke-member-session-or-throw.ts";
import { MEMBER_SESSION, STAFF_SESSION } from "./session-lifetimes.ts";

// A member's server-side sessions on a database with every migration: started with their sign-in entry in one
// statement (never one without the other), a member's or staff's lifetime, renewed in place with a new token,
// listed with the current one first, and signed out one at a time or everywhere else.
const database = serviceTestDatabase();
const SECOND = 1000;

async function lifetimeOf(sessionId: string) {
  const [row] = await database.query<{ absolute: number; idle: number }>(
    `SELECT round(extract(epoch FROM expires_at - created_at))::int AS absolute, idle_timeout_seconds AS idle FROM session WHERE id = $1::uuid`,
    [sessionId],
  );
  return row!;
}

describe("starting a session", () => {
  it("gives a member a member's lifetime and logs the sign-in with the session, in one statement", async () => {
    const member = await insertMember(database);
    const session = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, { method: "password" });
    expect(await lifetimeOf(session.id)).toEqual({ absolute: MEMBER_SESSION.absoluteSeconds, idle: MEMBER_SESSION.idleSeconds });
    expect(session.expiresAt.getTime() - session.authTime.getTime()).toBeCloseTo(MEMBER_SESSION.absoluteSeconds * SECOND, -4);
    expect(await securityEventsOf(database, member.id)).toEqual([{ type: "sign_in", detail: { method: "password", session_id: session.id } }]);
    expect(await getSessionByToken(database, session.token)).toMatchObject({ id: session.id, userId: member.id, amr: ["pwd"] });
  });

  it("gives an account holding a staff permission staff's shorter lifetime", async () => {
    const staff = await insertMember(database);
    await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = 'admin'`, [staff.id]);
    const session = await createSession(database, staff.id, ["pwd"], TEST_CONTEXT, {});
    expect(await lifetimeOf(session.id)).toEqual({ absolute: STAFF_SESSION.absoluteSeconds, idle: STAFF_SESSION.idleSeconds });
  });

  it("refuses a disabled account, leaving neither a session nor a log entry", async () => {
    const member = await insertMember(database);
    await database.query(`UPDATE account SET disabled_at = now() WHERE id = $1::uuid`, [member.id]);
    expect((await thrownBy(AccountError, createSession(database, member.id, ["pwd"], TEST_CONTEXT, {}))).code).toBe("account_disabled");
    const [count] = await database.query<{ sessions: number }>(`SELECT count(*)::int AS sessions FROM session WHERE user_id = $1::uuid`, [member.id]);
    expect(count!.sessions).toBe(0);
    expect(await securityEventsOf(database, member.id)).toEqual([]);
  });

  it("answers no session for a missing, unknown or oversized cookie", async () => {
    expect(await getSessionByToken(database, undefined)).toBeNull();
    expect(await getSessionByToken(database, "not-a-session-token")).toBeNull();
    expect(await getSessionByToken(database, "x".repeat(101))).toBeNull();
  });
});

describe("renewing a session at a new sign-in", () => {
  it("keeps the session's id, swaps its token and logs the renewal", async () => {
    const member = await insertMember(database);
    const first = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, { method: "password" });
    const renewed = await renewSession(database, first.token, member.id, ["pwd", "otp", "mfa"], TEST_CONTEXT, { method: "totp" });
    expect(renewed?.id).toBe(first.id);
    expect(renewed?.token).not.toBe(first.token);
    expect(await getSessionByToken(database, first.token)).toBeNull();
    expect(await getSessionByToken(database, renewed!.token)).toMatchObject({ id: first.id, amr: ["pwd", "otp", "mfa"] });
    expect(await securityEventsOf(database, member.id)).toContainEqual({ type: "sign_in", detail: { method: "totp", session_id: first.id, renewed: true } });
  });

  it("renews nothing for another member's cookie, a signed-out session or a disabled account", async () => {
    const member = await insertMember(database);
    const other = await insertMember(database);
    const session = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, {});
    expect(await renewSession(database, session.token, other.id, ["pwd"], TEST_CONTEXT, {})).toBeNull();
    expect(await renewSession(database, undefined, member.id, ["pwd"], TEST_CONTEXT, {})).toBeNull();

    await database.query(`UPDATE account SET disabled_at = now() WHERE id = $1::uuid`, [member.id]);
    expect(await renewSession(database, session.token, member.id, ["pwd"], TEST_CONTEXT, {})).toBeNull();
    await database.query(`UPDATE account SET disabled_at = NULL WHERE id = $1::uuid`, [member.id]);

    await revokeMemberSessionOrThrow(database, member.id, session.id, TEST_CONTEXT);
    expect(await renewSession(database, session.token, member.id, ["pwd"], TEST_CONTEXT, {})).toBeNull();
  });
});

describe("a member's sessions", () => {
  it("are listed with the current one first, and signing out the others keeps it", async () => {
    const member = await insertMember(database);
    const phone = await createSession(database, member.id, ["pwd"], { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" }, {});
    const laptop = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, {});
    const tablet = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, {});
    const listed = await listMemberSessions(database, member.id, laptop.id);
    expect(listed.map((session) => session.id)).toHaveLength(3);
    expect(listed[0]).toMatchObject({ id: laptop.id, current: true });
    expect(listed.find((session) => session.id === phone.id)).toMatchObject({ current: false, ip: "198.51.100.7" });

    expect(await revokeOtherMemberSessions(database, member.id, laptop.id, TEST_CONTEXT)).toEqual({ status: "ok", revoked: 2 });
    expect((await listMemberSessions(database, member.id, laptop.id)).map((session) => session.id)).toEqual([laptop.id]);
    expect(await getSessionByToken(database, tablet.token)).toBeNull();
    expect(await securityEventsOf(database, member.id)).toContainEqual({ type: "session_revoked", detail: { others: 2 } });
    expect(await revokeOtherMemberSessions(database, member.id, laptop.id, TEST_CONTEXT)).toEqual({ status: "ok", revoked: 0 });
  });

  it("are signed out one at a time by their member only: anyone else's, an unknown id or an ended one is not_found", async () => {
    const member = await insertMember(database);
    const stranger = await insertMember(database);
    const session = await createSession(database, member.id, ["pwd"], TEST_CONTEXT, {});
    expect(await failure(revokeMemberSessionOrThrow(database, stranger.id, session.id, TEST_CONTEXT))).toMatchObject({ code: "not_found" });
    expect(await getSessionByToken(database, session.token)).not.toBeNull();
    expect(await failure(revokeMemberSessionOrThrow(database, member.id, "not-a-uuid", TEST_CONTEXT))).toMatchObject({ code: "not_found" });

    expect(await revokeMemberSessionOrThrow(database, member.id, session.id, TEST_CONTEXT)).toMatchObject({ id: session.id, status: "revoked" });
    expect(await getSessionByToken(database, session.token)).toBeNull();
    expect(await failure(revokeMemberSessionOrThrow(database, member.id, session.id, TEST_CONTEXT))).toMatchObject({ code: "not_found" });
  });
});
