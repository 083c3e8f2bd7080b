import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../../db/service-test.ts";
import { insertClient, insertGrant, insertMember, insertSession } from "../../db/test-fixtures.ts";
import { revokeGrants } from "./revoke-grants.ts";

// Every target of the one owner of grant revocation, on a database with every migration (PGlite, or
// PostgreSQL with SERVICE_TEST_DATABASE_URL): what it revokes, with which reason, and what it leaves alone.
const database = serviceTestDatabase();

/** Each grant's reason, or null while it is live; revoked_at is set exactly when a reason is. */
async function reasons(...ids: string[]): Promise<(string | null)[]> {
  const grants = await database.prisma.grant.findMany({ where: { id: { in: ids } }, select: { id: true, revokedAt: true, revokedReason: true } });
  return ids.map((id) => {
    const grant = grants.find((row) => row.id === id)!;
    expect(grant.revokedAt === null).toBe(grant.revokedReason === null);
    return grant.revokedReason;
  });
}

async function sessionRevokedAt(...ids: string[]): Promise<(Date | null)[]> {
  const sessions = await database.prisma.session.findMany({ where: { id: { in: ids } }, select: { id: true, revokedAt: true } });
  return ids.map((id) => sessions.find((row) => row.id === id)!.revokedAt);
}

/** A member with two sessions; in the first two grants of one client and one of another, in the second one grant. */
async function memberWithGrants() {
  const member = await insertMember(database);
  const [app, otherApp] = [await insertClient(database), await insertClient(database)];
  const first = await insertSession(database, member.id);
  const second = await insertSession(database, member.id);
  const grants = {
    firstApp: await insertGrant(database, { userId: member.id, clientId: app, sessionId: first }),
    firstOtherApp: await insertGrant(database, { userId: member.id, clientId: otherApp, sessionId: first }),
    firstAppAgain: await insertGrant(database, { userId: member.id, clientId: app, sessionId: first }),
    secondApp: await insertGrant(database, { userId: member.id, clientId: app, sessionId: second }),
  };
  return { userId: member.id, app, otherApp, first, second, grants, all: Object.values(grants) };
}

describe("revokeGrants", () => {
  it("{ grant }: that grant only, with the reason; its session and siblings stay", async () => {
    const m = await memberWithGrants();
    expect(await revokeGrants(database, { grant: m.grants.firstApp }, "revocation")).toEqual({ endedSessions: [] });
    expect(await reasons(...m.all)).toEqual(["revocation", null, null, null]);
    expect(await sessionRevokedAt(m.first, m.second)).toEqual([null, null]);
  });

  it("{ grantAndItsSession }: the grant with the reason, its session, and that session's other grants as session_revoked", async () => {
    const m = await memberWithGrants();
    const bystander = await memberWithGrants();
    const { endedSessions } = await revokeGrants(database, { grantAndItsSession: m.grants.firstApp }, "refresh_token_reuse");
    const [firstEnded] = await sessionRevokedAt(m.first);
    expect(firstEnded).toBeInstanceOf(Date);
    expect(endedSessions).toEqual([{ id: m.first, revokedAt: firstEnded }]);
    expect(await reasons(...m.all)).toEqual(["refresh_token_reuse", "session_revoked", "session_revoked", null]);
    expect(await sessionRevokedAt(m.second)).toEqual([null]);
    expect(await reasons(...bystander.all)).toEqual([null, null, null, null]);
  });

  it("{ session, member }: only the member's own live session, with its grants", async () => {
    const m = await memberWithGrants();
    const stranger = await insertMember(database);
    // Someone else's session: nothing happens.
    expect(await revokeGrants(database, { session: m.first, member: stranger.id }, "session_revoked")).toEqual({ endedSessions: [] });
    expect(await sessionRevokedAt(m.first)).toEqual([null]);
    expect(await reasons(...m.all)).toEqual([null, null, null, null]);

    const { endedSessions } = await revokeGrants(database, { session: m.first, member: m.userId }, "session_revoked");
    expect(endedSessions.map((session) => session.id)).toEqual([m.first]);
    expect(await reasons(...m.all)).toEqual(["session_revoked", "session_revoked", "session_revoked", null]);
    expect(await sessionRevokedAt(m.second)).toEqual([null]);

    // Already ended: nothing more, and the first end stays.
    const [endedAt] = await sessionRevokedAt(m.first);
    expect(await revokeGrants(database, { session: m.first, member: m.userId }, "session_revoked")).toEqual({ endedSessions: [] });
    expect(await sessionRevokedAt(m.first)).toEqual([endedAt]);
  });

  it("{ session, member }: a session past its absolute end is not the member's to end again", async () => {
    const member = await insertMember(database);
    const expired = await insertSession(database, member.id, { expiresAt: new Date(Date.now() - 60_000) });
    const grant = await insertGrant(database, { userId: member.id, clientId: await insertClient(database), sessionId: expired });
    expect(await revokeGrants(database, { session: expired, member: member.id }, "session_revoked")).toEqual({ endedSessions: [] });
    expect(await sessionRevokedAt(expired)).toEqual([null]);
    expect(await reasons(grant)).toEqual([null]);
  });

  it("{ session } (signing out): the session and its grants, whoever it belongs to", async () => {
    const member = await insertMember(database);
    const expired = await insertSession(database, member.id, { expiresAt: new Date(Date.now() - 60_000) });
    const grant = await insertGrant(database, { userId: member.id, clientId: await insertClient(database), sessionId: expired });
    const { endedSessions } = await revokeGrants(database, { session: expired }, "logout");
    expect(endedSessions.map((session) => session.id)).toEqual([expired]);
    expect(await reasons(grant)).toEqual(["logout"]);
  });

  it("{ sessionsOf, except }: every session of the member but the current one; with no current one, all", async () => {
    const m = await memberWithGrants();
    const third = await insertSession(database, m.userId);
    const thirdGrant = await insertGrant(database, { userId: m.userId, clientId: m.app, sessionId: third });
    const bystander = await memberWithGrants();

    const { endedSessions } = await revokeGrants(database, { sessionsOf: m.userId, except: m.second }, "session_revoked");
    expect(endedSessions.map((session) => session.id).sort()).toEqual([m.first, third].sort());
    expect(await reasons(...m.all, thirdGrant)).toEqual(["session_revoked", "session_revoked", "session_revoked", null, "session_revoked"]);
    expect(await sessionRevokedAt(m.second)).toEqual([null]);

    const rest = await revokeGrants(database, { sessionsOf: m.userId, except: null }, "session_revoked");
    expect(rest.endedSessions.map((session) => session.id)).toEqual([m.second]);
    expect(await reasons(m.grants.secondApp)).toEqual(["session_revoked"]);
    expect(await reasons(...bystander.all)).toEqual([null, null, null, null]);
    expect(await sessionRevokedAt(bystander.first, bystander.second)).toEqual([null, null]);
  });

  it("{ memberOfClient }: what the member granted that client, in every session; no session ends", async () => {
    const m = await memberWithGrants();
    const bystander = await memberWithGrants();
    // The bystander's grants of the same client are another member's.
    const shared = await insertGrant(database, { userId: bystander.userId, clientId: m.app, sessionId: bystander.first });
    expect(await revokeGrants(database, { memberOfClient: { userId: m.userId, clientId: m.app } }, "consent_revoked")).toEqual({ endedSessions: [] });
    expect(await reasons(...m.all)).toEqual(["consent_revoked", null, "consent_revoked", "consent_revoked"]);
    expect(await sessionRevokedAt(m.first, m.second)).toEqual([null, null]);
    expect(await reasons(shared, ...bystander.all)).toEqual([null, null, null, null, null]);
  });

  it("{ client }: everything issued to the client, for every member; no session ends", async () => {
    const m = await memberWithGrants();
    const other = await insertMember(database);
    const otherSession = await insertSession(database, other.id);
    const othersGrant = await insertGrant(database, { userId: other.id, clientId: m.app, sessionId: otherSession });
    expect(await revokeGrants(database, { client: m.app }, "client_disabled")).toEqual({ endedSessions: [] });
    expect(await reasons(...m.all, othersGrant)).toEqual(["client_disabled", null, "client_disabled", "client_disabled", "client_disabled"]);
    expect(await sessionRevokedAt(m.first, m.second, otherSession)).toEqual([null, null, null]);
  });

  it("{ account }: every session and every grant of the member, even one issued without a session", async () => {
    const m = await memberWithGrants();
    const offline = await insertGrant(database, { userId: m.userId, clientId: m.app, sessionId: null });
    const bystander = await memberWithGrants();
    const { endedSessions } = await revokeGrants(database, { account: m.userId }, "account_disabled");
    expect(endedSessions.map((session) => session.id).sort()).toEqual([m.first, m.second].sort());
    for (const session of endedSessions) expect(session.revokedAt).toBeInstanceOf(Date);
    expect(await reasons(...m.all, offline)).toEqual(Array(5).fill("account_disabled"));
    expect(await reasons(...bystander.all)).toEqual([null, null, null, null]);
    expect(await sessionRevokedAt(bystander.first, bystander.second)).toEqual([null, null]);
  });

  it("a revoked grant stays revoked with its first reason and time, whatever revokes it again", async () => {
    const m = await memberWithGrants();
    await revokeGrants(database, { grant: m.grants.firstApp }, "revocation");
    const before = await database.prisma.grant.findUniqueOrThrow({ where: { id: m.grants.firstApp }, select: { revokedAt: true, revokedReason: true } });
    await revokeGrants(database, { grant: m.grants.firstApp }, "code_replay");
    await revokeGrants(database, { grantAndItsSession: m.grants.firstApp }, "refresh_token_reuse");
    await revokeGrants(database, { memberOfClient: { userId: m.userId, clientId: m.app } }, "consent_revoked");
    await revokeGrants(database, { client: m.app }, "client_disabled");
    await revokeGrants(database, { account: m.userId }, "account_disabled");
    expect(await database.prisma.grant.findUniqueOrThrow({ where: { id: m.grants.firstApp }, select: { revokedAt: true, revokedReason: true } })).toEqual(before);
    // Its siblings took the reason of what ended them first: its session's end.
    expect(await reasons(...m.all)).toEqual(["revocation", "session_revoked", "session_revoked", "consent_revoked"]);
  });

  it("joins its caller's transaction: rolled back, nothing is revoked", async () => {
    const m = await memberWithGrants();
    await expect(
      database.transaction(async (tx) => {
        await revokeGrants(tx, { account: m.userId }, "account_disabled");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await reasons(...m.all)).toEqual([null, null, null, null]);
    expect(await sessionRevokedAt(m.first, m.second)).toEqual([null, null]);
  });
});
