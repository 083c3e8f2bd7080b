import { describe, expect, it } from "vitest";
import { thrownBy, serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, insertSession, securityEventsOf } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { createConsent } from "./create-consent.ts";
import { grantConsent } from "./grant-consent.ts";
import { listConsents } from "./list-consents.ts";
import { revokeConsentOrThrow } from "./revoke-consent-or-throw.ts";

// Consents below HTTP, on a database with every migration (PGlite, or PostgreSQL with SERVICE_TEST_DATABASE_URL).
const database = serviceTestDatabase();

const T0 = new Date("2026-03-01T10:00:00.000Z");
const T1 = new Date("2026-03-02T10:00:00.000Z");

async function grantReasons(...ids: string[]): Promise<(string | null)[]> {
  const grants = await database.prisma.grant.findMany({ where: { id: { in: ids } }, select: { id: true, revokedReason: true } });
  return ids.map((id) => grants.find((grant) => grant.id === id)!.revokedReason);
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; description: string }> {
  const { code, description } = await thrownBy(IdentityError, promise);
  return { code, description };
}

describe("grantConsent", () => {
  it("creates a consent, merges further scopes into it keeping the first grant's time, and logs each grant", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    const first = await grantConsent(database, { userId: member.id, clientId, scopes: ["openid", "profile", "openid"], context: TEST_CONTEXT }, T0);
    expect(first).toMatchObject({ userId: member.id, clientId, scopes: ["openid", "profile"], status: "granted", grantedAt: T0, created: true, regranted: false });

    const merged = await grantConsent(database, { userId: member.id, clientId, scopes: ["email", "profile"], context: TEST_CONTEXT }, T1);
    expect(merged).toMatchObject({ id: first.id, scopes: ["openid", "profile", "email"], grantedAt: T0, created: false, regranted: false });

    expect(await securityEventsOf(database, member.id)).toEqual([
      { type: "consent_granted", detail: { client_id: clientId, scopes: ["email", "profile"] } },
      { type: "consent_granted", detail: { client_id: clientId, scopes: ["openid", "profile"] } },
    ]);
  });

  it("after a revocation, grants exactly the new scopes afresh", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    const first = await grantConsent(database, { userId: member.id, clientId, scopes: ["openid", "email"], context: TEST_CONTEXT }, T0);
    await revokeConsentOrThrow(database, member.id, first.id, TEST_CONTEXT);
    const again = await grantConsent(database, { userId: member.id, clientId, scopes: ["profile"], context: TEST_CONTEXT }, T1);
    expect(again).toMatchObject({ id: first.id, scopes: ["profile"], status: "granted", grantedAt: T1, created: false, regranted: true });
    expect(await database.prisma.consent.findUniqueOrThrow({ where: { id: first.id }, select: { status: true, revokedAt: true } })).toEqual({ status: "granted", revokedAt: null });
  });

  it("rolled back with its caller's transaction, leaves neither the consent nor its log entry", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    await expect(
      database.transaction(async (tx) => {
        await grantConsent(tx, { userId: member.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, T0);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await database.prisma.consent.count({ where: { userId: member.id } })).toBe(0);
    expect(await securityEventsOf(database, member.id)).toEqual([]);
  });
});

describe("createConsent", () => {
  it("answers the consent, created (201) the first time and merged (200) after", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    const created = await createConsent(database, member.id, { client_id: clientId, scopes: ["openid"] }, TEST_CONTEXT);
    expect(created.created).toBe(true);
    expect(created.consent).toEqual({ id: expect.any(String), client_id: clientId, scopes: ["openid"], status: "granted", granted_at: expect.any(String) });
    const merged = await createConsent(database, member.id, { client_id: clientId, scopes: ["email"] }, TEST_CONTEXT);
    expect(merged).toEqual({ consent: { ...created.consent, scopes: ["openid", "email"] }, created: false });
  });

  it("refuses an unknown client, or a scope the client may not hold, and writes nothing", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database, { scopes: ["openid", "profile", "account:sessions"] });
    expect(await rejection(createConsent(database, member.id, { client_id: "no-such-client", scopes: ["openid"] }, TEST_CONTEXT))).toEqual({
      code: "invalid_request",
      description: "client_id: no such client",
    });
    // Not registered for `email`; `account:sessions` is registered but first-party only.
    expect(await rejection(createConsent(database, member.id, { client_id: clientId, scopes: ["openid", "email", "account:sessions"] }, TEST_CONTEXT))).toEqual({
      code: "invalid_request",
      description: "scopes: not allowed for this client: email account:sessions",
    });
    expect(await database.prisma.consent.count({ where: { userId: member.id } })).toBe(0);
    expect(await securityEventsOf(database, member.id)).toEqual([]);
  });
});

describe("listConsents", () => {
  it("lists the member's own consents with their app's name, granted first, newest grant first", async () => {
    const member = await insertMember(database);
    const [older, newer, revoked] = [
      await insertClient(database, { name: "Older app" }),
      await insertClient(database, { name: "Newer app" }),
      await insertClient(database, { name: "Revoked app" }),
    ];
    await grantConsent(database, { userId: member.id, clientId: older, scopes: ["openid"], context: TEST_CONTEXT }, T0);
    await grantConsent(database, { userId: member.id, clientId: newer, scopes: ["openid"], context: TEST_CONTEXT }, T1);
    const gone = await grantConsent(database, { userId: member.id, clientId: revoked, scopes: ["openid"], context: TEST_CONTEXT }, new Date("2026-03-05T10:00:00.000Z"));
    await revokeConsentOrThrow(database, member.id, gone.id, TEST_CONTEXT);
    // Someone else's consent is not listed.
    await grantConsent(database, { userId: (await insertMember(database)).id, clientId: older, scopes: ["openid"], context: TEST_CONTEXT }, T0);

    const listed = await listConsents(database, member.id);
    expect(listed.map((consent) => [consent.client_name, consent.status])).toEqual([
      ["Newer app", "granted"],
      ["Older app", "granted"],
      ["Revoked app", "revoked"],
    ]);
    expect(listed[1]).toEqual({ id: expect.any(String), client_id: older, client_name: "Older app", scopes: ["openid"], status: "granted", granted_at: T0.toISOString() });
    expect(listed[2]!.revoked_at).toEqual(expect.any(String));
  });
});

describe("revokeConsentOrThrow", () => {
  async function consentWithGrants() {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    const otherClientId = await insertClient(database);
    const sessionId = await insertSession(database, member.id);
    const consent = await grantConsent(database, { userId: member.id, clientId, scopes: ["openid"], context: TEST_CONTEXT }, T0);
    const grants = [
      await insertGrant(database, { userId: member.id, clientId, sessionId }),
      await insertGrant(database, { userId: member.id, clientId, sessionId: null }),
      await insertGrant(database, { userId: member.id, clientId: otherClientId, sessionId }),
    ];
    return { member, clientId, sessionId, consent, grants };
  }

  it("revokes the consent and every grant of that client for the member, and logs it", async () => {
    const { member, clientId, sessionId, consent, grants } = await consentWithGrants();
    const other = await insertMember(database);
    const othersGrant = await insertGrant(database, { userId: other.id, clientId, sessionId: await insertSession(database, other.id) });

    const body = await revokeConsentOrThrow(database, member.id, consent.id, TEST_CONTEXT);
    expect(body).toEqual({ id: consent.id, client_id: clientId, scopes: ["openid"], status: "revoked", granted_at: T0.toISOString(), revoked_at: expect.any(String) });
    const stored = await database.prisma.consent.findUniqueOrThrow({ where: { id: consent.id }, select: { status: true, revokedAt: true } });
    expect(stored).toEqual({ status: "revoked", revokedAt: new Date(body.revoked_at!) });
    expect(await grantReasons(...grants, othersGrant)).toEqual(["consent_revoked", "consent_revoked", null, null]);
    // Grants end, the sign-in does not.
    expect(await database.prisma.session.findUniqueOrThrow({ where: { id: sessionId }, select: { revokedAt: true } })).toEqual({ revokedAt: null });
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "consent_revoked")).toEqual([
      { type: "consent_revoked", detail: { client_id: clientId } },
    ]);
  });

  it("revoking again answers the record as it is, and revokes and logs nothing more", async () => {
    const { member, clientId, consent } = await consentWithGrants();
    const first = await revokeConsentOrThrow(database, member.id, consent.id, TEST_CONTEXT);
    // A grant issued after the revocation (by a consent granted and revoked elsewhere) is not this revocation's.
    const later = await insertGrant(database, { userId: member.id, clientId, sessionId: null });
    const eventsBefore = await securityEventsOf(database, member.id);
    expect(await revokeConsentOrThrow(database, member.id, consent.id, TEST_CONTEXT)).toEqual(first);
    expect(await grantReasons(later)).toEqual([null]);
    expect(await securityEventsOf(database, member.id)).toEqual(eventsBefore);
  });

  it("someone else's consent, an unknown id or no id at all is not_found, and nothing changes", async () => {
    const { member, consent, grants } = await consentWithGrants();
    const stranger = await insertMember(database);
    for (const [userId, id] of [
      [stranger.id, consent.id],
      [member.id, "5f0c6c3e-0000-4000-8000-000000000000"],
      [member.id, "not-a-uuid"],
    ] as const) {
      expect(await rejection(revokeConsentOrThrow(database, userId, id, TEST_CONTEXT))).toEqual({ code: "not_found", description: "consent not found" });
    }
    expect(await database.prisma.consent.findUniqueOrThrow({ where: { id: consent.id }, select: { status: true } })).toEqual({ status: "granted" });
    expect(await grantReasons(...grants)).toEqual([null, null, null]);
    expect((await securityEventsOf(database, member.id)).map((event) => event.type)).toEqual(["consent_granted"]);
    expect(await securityEventsOf(database, stranger.id)).toEqual([]);
  });

  it("for a guardian: says so in the dependant's log and records it in the guardian's", async () => {
    const { member, clientId, consent } = await consentWithGrants();
    const guardian = await insertMember(database);
    await revokeConsentOrThrow(database, member.id, consent.id, TEST_CONTEXT, { guardianId: guardian.id });
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "consent_revoked")).toEqual([
      { type: "consent_revoked", detail: { client_id: clientId, by: "guardian", guardian_id: guardian.id } },
    ]);
    expect(await securityEventsOf(database, guardian.id)).toEqual([{ type: "dependent_consent_revoked", detail: { client_id: clientId, dependent_id: member.id } }]);
  });

  it("is one transaction with its grants and log entries: rolled back, nothing is revoked or logged", async () => {
    const { member, consent, grants } = await consentWithGrants();
    await expect(
      database.transaction(async (tx) => {
        await revokeConsentOrThrow(tx, member.id, consent.id, TEST_CONTEXT);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await database.prisma.consent.findUniqueOrThrow({ where: { id: consent.id }, select: { status: true, revokedAt: true } })).toEqual({ status: "granted", revokedAt: null });
    expect(await grantReasons(...grants)).toEqual([null, null, null]);
    expect((await securityEventsOf(database, member.id)).map((event) => event.type)).toEqual(["consent_granted"]);
  });
});
