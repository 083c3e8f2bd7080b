import { describe, expect, it } from "vitest";
import { keyedHash } from "../crypto/tokens.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { REMEMBER_SECONDS, spendRefreshTokenOnce } from "./refresh-once.ts";

// A rotating refresh token spent once (docs/decisions/0033): the flight lives in PostgreSQL, so what one
// request, tab or instance spent, the others receive instead of spending it again.
const database = serviceTestDatabase();

const token = () => `refresh-${crypto.randomUUID()}`;

/** A spend that counts its calls and answers after a short wait, as the token endpoint does. */
function countingSpend(answer: string) {
  const calls: number[] = [];
  const spend = async () => {
    calls.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { ok: true, access: answer };
  };
  return { calls, spend };
}

describe("spending a refresh token once", () => {
  it("shares one spend among callers at once and callers soon after, keeping only a keyed hash and a sealed outcome", async () => {
    const refreshToken = token();
    const { calls, spend } = countingSpend("access-1");
    const together = await Promise.all(Array.from({ length: 5 }, () => spendRefreshTokenOnce(database, "portal", refreshToken, spend, 5_000)));
    const late = await spendRefreshTokenOnce(database, "portal", refreshToken, spend, 5_000);
    expect(calls).toHaveLength(1);
    for (const outcome of [...together, late]) expect(outcome).toEqual({ ok: true, access: "access-1" });

    const rows = await database.query<{ key_hash: string; outcome_sealed: string }>(`SELECT key_hash, outcome_sealed FROM refresh_flight`);
    const row = rows.find((candidate) => candidate.key_hash === keyedHash("refresh-flight:portal", refreshToken));
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
    expect(row!.outcome_sealed).not.toContain("access-1");
  });

  it("keeps the portal's and the kiosks' flights apart", async () => {
    const refreshToken = token();
    const portal = countingSpend("portal-access");
    const kiosk = countingSpend("kiosk-access");
    expect(await spendRefreshTokenOnce(database, "portal", refreshToken, portal.spend, 5_000)).toEqual({ ok: true, access: "portal-access" });
    expect(await spendRefreshTokenOnce(database, "kiosk", refreshToken, kiosk.spend, 5_000)).toEqual({ ok: true, access: "kiosk-access" });
  });

  it("spends again once the remembered window has passed: the issuer then sees the reuse, as it should", async () => {
    const refreshToken = token();
    const { calls, spend } = countingSpend("access");
    await spendRefreshTokenOnce(database, "portal", refreshToken, spend, 5_000);
    await database.query(`UPDATE refresh_flight SET started_at = started_at - make_interval(secs => $2) WHERE key_hash = $1`, [keyedHash("refresh-flight:portal", refreshToken), REMEMBER_SECONDS + 1]);
    await spendRefreshTokenOnce(database, "portal", refreshToken, spend, 5_000);
    expect(calls).toHaveLength(2);
  });

  it("answers nothing to a caller whose spender never finished (its process stopped mid-refresh)", async () => {
    const refreshToken = token();
    await database.query(`INSERT INTO refresh_flight (key_hash) VALUES ($1)`, [keyedHash("refresh-flight:kiosk", refreshToken)]);
    const { calls, spend } = countingSpend("access");
    expect(await spendRefreshTokenOnce(database, "kiosk", refreshToken, spend, 200)).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
