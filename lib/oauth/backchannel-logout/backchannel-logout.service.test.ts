import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceTestDatabase } from "../../db/service-test.ts";
import { insertClient, insertGrant, insertMember, insertSession } from "../../db/test-fixtures.ts";
import { deliverPendingMessages } from "../../outbox/deliver-messages.ts";
import { eraseMember } from "../../privacy/erase-member.ts";
import { revokeGrants } from "../grants/revoke-grants.ts";
import { forgetCachedKeys, publishedJwks } from "../keys.ts";
import { BACKCHANNEL_LOGOUT_EVENT } from "./logout-token.ts";

// Back-Channel Logout 1.0 end to end below HTTP: ending sessions queues one message per client and session
// in the same transaction, delivery after the commit POSTs a logout token to a real server on loopback
// (the operator setting that allows it is on here, as in every test), and a failure waits its back-off.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });
afterAll(() => forgetCachedKeys());

let server: Server;
let baseUrl: string;
/** What each path received: the logout_token of every POST. */
const received = new Map<string, string[]>();
let failing = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const list = received.get(request.url ?? "") ?? [];
      list.push(new URLSearchParams(body).get("logout_token") ?? "");
      received.set(request.url ?? "", list);
      response.writeHead(failing ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client told at its own path on the test server. */
async function clientWithBackchannel(path: string): Promise<string> {
  const id = await insertClient(database);
  await database.prisma.client.update({ where: { id }, data: { backchannelLogoutUri: `${baseUrl}${path}` }, select: { id: true } });
  return id;
}

async function tokensAt(path: string, count: number): Promise<string[]> {
  await vi.waitFor(() => expect(received.get(path)?.length ?? 0).toBe(count), { timeout: 10_000, interval: 50 });
  return received.get(path)!;
}

async function verified(token: string) {
  const jwks = createLocalJWKSet(await publishedJwks(database));
  return jwtVerify(token, jwks, { issuer: "http://localhost:3000", typ: "logout+jwt" });
}

describe("back-channel logout", () => {
  it("signing out tells each client with a grant in the session, once, with sub, sid, the event and no nonce", async () => {
    const member = await insertMember(database);
    const sessionId = await insertSession(database, member.id);
    const told = await clientWithBackchannel("/told");
    const silent = await insertClient(database);
    await insertGrant(database, { userId: member.id, clientId: told, sessionId });
    await insertGrant(database, { userId: member.id, clientId: told, sessionId });
    await insertGrant(database, { userId: member.id, clientId: silent, sessionId });

    await revokeGrants(database, { session: sessionId }, "logout");
    const [token] = await tokensAt("/told", 1);
    expect(decodeProtectedHeader(token!)).toMatchObject({ typ: "logout+jwt", alg: "RS256" });
    const { payload } = await verified(token!);
    expect(payload).toEqual({
      iss: "http://localhost:3000",
      aud: told,
      iat: expect.any(Number),
      exp: payload.iat! + 120,
      jti: expect.any(String),
      sub: member.id,
      sid: sessionId,
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    });
    expect(await database.prisma.outboxMessage.findMany({ where: { channel: "backchannel_logout", recipient: `${baseUrl}/told` }, select: { sentAt: true, attempts: true } })).toEqual([
      { sentAt: expect.any(Date), attempts: 1 },
    ]);
  });

  it("revoking one grant (RFC 7009, a replayed code) ends no session and tells nobody", async () => {
    const member = await insertMember(database);
    const sessionId = await insertSession(database, member.id);
    const client = await clientWithBackchannel("/not-told");
    const grant = await insertGrant(database, { userId: member.id, clientId: client, sessionId });
    await revokeGrants(database, { grant }, "revocation");
    expect(await database.prisma.outboxMessage.count({ where: { channel: "backchannel_logout", recipient: `${baseUrl}/not-told` } })).toBe(0);
  });

  it("a logout inside a transaction that rolls back is never sent", async () => {
    const member = await insertMember(database);
    const sessionId = await insertSession(database, member.id);
    const client = await clientWithBackchannel("/rolled-back");
    await insertGrant(database, { userId: member.id, clientId: client, sessionId });
    await database
      .transaction(async (tx) => {
        await revokeGrants(tx, { session: sessionId }, "session_revoked");
        throw new Error("the caller fails after the revocation");
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.get("/rolled-back")).toBeUndefined();
    expect(await database.prisma.outboxMessage.count({ where: { recipient: `${baseUrl}/rolled-back` } })).toBe(0);
  });

  it("disabling and erasing an account tell the apps of its grants, offline ones too", async () => {
    const disabled = await insertMember(database);
    const offlineClient = await clientWithBackchannel("/offline");
    await insertGrant(database, { userId: disabled.id, clientId: offlineClient, sessionId: null });
    await database.transaction((tx) => revokeGrants(tx, { account: disabled.id }, "account_disabled"));
    const [offlineToken] = await tokensAt("/offline", 1);
    const { payload } = await verified(offlineToken!);
    expect(payload.sub).toBe(disabled.id);
    expect(payload).not.toHaveProperty("sid");

    const erased = await insertMember(database);
    const sessionId = await insertSession(database, erased.id);
    const erasedClient = await clientWithBackchannel("/erased");
    await insertGrant(database, { userId: erased.id, clientId: erasedClient, sessionId });
    await eraseMember(database, erased.id);
    const [erasedToken] = await tokensAt("/erased", 1);
    expect((await verified(erasedToken!)).payload).toMatchObject({ sub: erased.id, sid: sessionId });
  });

  it("a client that answers an error is retried after its back-off, not before, and then told", async () => {
    const member = await insertMember(database);
    const sessionId = await insertSession(database, member.id);
    const client = await clientWithBackchannel("/flaky");
    await insertGrant(database, { userId: member.id, clientId: client, sessionId });
    failing = true;
    await revokeGrants(database, { session: sessionId }, "logout");
    await tokensAt("/flaky", 1);
    const where = { channel: "backchannel_logout", recipient: `${baseUrl}/flaky` };
    await vi.waitFor(async () => expect((await database.prisma.outboxMessage.findFirstOrThrow({ where })).lastError).toBe("OutboundCallError: answered HTTP 503"));
    const failed = await database.prisma.outboxMessage.findFirstOrThrow({ where, select: { attempts: true, sentAt: true, nextAttemptAt: true } });
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(20_000);

    failing = false;
    await deliverPendingMessages(database);
    expect(received.get("/flaky")).toHaveLength(1);
    // The back-off has passed.
    await database.prisma.outboxMessage.updateMany({ where, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await deliverPendingMessages(database);
    const [first, second] = await tokensAt("/flaky", 2);
    // The same logout, signed again: one jti.
    expect((await verified(second!)).payload.jti).toBe((await verified(first!)).payload.jti);
    expect(await database.prisma.outboxMessage.findFirstOrThrow({ where, select: { attempts: true, sentAt: true } })).toEqual({ attempts: 2, sentAt: expect.any(Date) });
  });
});
