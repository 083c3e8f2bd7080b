import { afterAll, describe, expect, it, vi } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { SIGNING_ALGORITHMS, currentSigningKey, ensureSigningKeys, forgetCachedKeys, publishedJwks, rotateSigningKeys } from "./keys.ts";
import { signAccessToken, verifyAccessToken } from "./tokens.ts";

// The signing keys on a database with every migration (PGlite, or PostgreSQL with SERVICE_TEST_DATABASE_URL):
// created once under the advisory lock, rotated with a pre-published successor.
const database = serviceTestDatabase();
afterAll(() => forgetCachedKeys());

describe("signing keys", () => {
  it("are created once per algorithm, even when asked for at once", async () => {
    await Promise.all([ensureSigningKeys(database), ensureSigningKeys(database)]);
    await ensureSigningKeys(database);
    const keys = await database.prisma.signingKey.findMany({ select: { alg: true } });
    expect(keys.map((key) => key.alg).sort()).toEqual([...SIGNING_ALGORITHMS].sort());
  });

  it("sign tokens that verify with the published keys", async () => {
    forgetCachedKeys();
    const issued = await signAccessToken(database, { sub: "member-1", clientId: "app", scope: "openid" });
    const verified = await verifyAccessToken(database, issued.token);
    expect(verified).toMatchObject({ sub: "member-1", clientId: "app", scope: ["openid"], jti: issued.jti });
  });

  it("a token verified before is checked again for expiry on every use, and an altered one is not taken for it", async () => {
    const realNow = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // 10-minute tokens with 30 s of clock tolerance: 580 s after it was issued, it has 50 s left.
      vi.setSystemTime(realNow);
      const issued = await signAccessToken(database, { sub: "member-2", clientId: "app", scope: "openid" });
      vi.setSystemTime(realNow + 580_000);
      forgetCachedKeys();
      expect((await verifyAccessToken(database, issued.token)).jti).toBe(issued.jti);
      expect((await verifyAccessToken(database, issued.token)).jti).toBe(issued.jti);
      const [header, payload, signature] = issued.token.split(".") as [string, string, string];
      const altered = `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
      await expect(verifyAccessToken(database, altered)).rejects.toThrow("token invalid");
      // 52 s later: still within the keys' 60 s in memory, so verified before, but past exp + 30 s.
      vi.setSystemTime(realNow + 632_000);
      await expect(verifyAccessToken(database, issued.token)).rejects.toThrow("token expired");
    } finally {
      vi.useRealTimers();
    }
  });

  it("rotated: the new keys are published at once and sign only after the hand-over; the old ones sign until then", async () => {
    forgetCachedKeys();
    const before = await Promise.all(SIGNING_ALGORITHMS.map(async (alg) => (await currentSigningKey(database, alg)).kid));
    const created = await rotateSigningKeys(database);
    expect(created).toHaveLength(SIGNING_ALGORITHMS.length);
    const published = (await publishedJwks(database)).keys.map((key) => key.kid).sort();
    expect(published).toEqual([...before, ...created].sort());
    expect(await Promise.all(SIGNING_ALGORITHMS.map(async (alg) => (await currentSigningKey(database, alg)).kid))).toEqual(before);
  });
});
