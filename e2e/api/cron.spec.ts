import { expect, test } from "@playwright/test";
import { createScratchDatabase, dropScratchDatabase, startScratchServer, type ScratchServer } from "../support/scratch-server.ts";

/**
 * GET /api/cron/{job}: the scheduled jobs as Vercel Cron calls them (docs/deployment.md), on a server and
 * database of their own (the jobs act on the whole database). Without CRON_SECRET the routes do not exist.
 */
const SECRET = "cron-secret-for-tests-0123456789";
const JOBS = {
  "deliver-outbox": { sent: 0 },
  "people-imports": { resumed: 0 },
  "calendar-imports": { synced: 0, failed: 0 },
  "privacy-deletions": { carried_out: 0 },
  "guardianships-majority": { ended: 0, roles_removed: 0, promoted: 0 },
  "cleanup-expired": {
    verificationCodes: 0, authorizationRequests: 0, pushedAuthorizationRequests: 0, deviceAuthorizations: 0, dpopProofs: 0, authorizationCodes: 0, attemptCounters: 0,
    revokedAccessTokens: 0, refreshTokens: 0, sessions: 0, outboxMessages: 0, webhookDeliveries: 0, webhookPreviousSecrets: 0, federatedLoginAttempts: 0, federatedLinkCodes: 0, knownDevices: 0, webauthnChallenges: 0,
    spentMemberCodes: 0, kioskAlerts: 0, pickupTags: 0, refreshFlights: 0,
  },
};

test("without CRON_SECRET (the shared test server) every cron route is not_found", async ({ request }) => {
  for (const job of [...Object.keys(JOBS), "nope"]) {
    const response = await request.get(`/api/cron/${job}`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect([response.status(), await response.json()]).toEqual([404, { error: "not_found", error_description: "no such route" }]);
  }
});

test.describe("with CRON_SECRET", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let database: string;
  let server: ScratchServer;

  test.beforeAll(async () => {
    database = await createScratchDatabase("cron");
    server = await startScratchServer({ DATABASE_URL: database, CRON_SECRET: SECRET });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (database) await dropScratchDatabase(database);
  });

  test("a missing or wrong secret is invalid_token; an unknown job not_found", async () => {
    for (const authorization of [undefined, "Bearer wrong-secret-0123456789abcd", `Basic ${SECRET}`, `Bearer ${SECRET}x`]) {
      const response = await fetch(`${server.baseUrl}/api/cron/cleanup-expired`, { headers: authorization ? { authorization } : {} });
      expect([response.status, await response.json()]).toEqual([401, { error: "invalid_token", error_description: "the cron secret is missing or wrong" }]);
      expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token", error_description="the cron secret is missing or wrong"');
    }
    const unknown = await fetch(`${server.baseUrl}/api/cron/drop-everything`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "not_found", error_description: "no such route" }]);
  });

  test("each job runs and answers its counts (an empty database: all zero), never cached", async () => {
    for (const [job, result] of Object.entries(JOBS)) {
      const response = await fetch(`${server.baseUrl}/api/cron/${job}`, { headers: { authorization: `Bearer ${SECRET}` } });
      expect([response.status, await response.json()]).toEqual([200, { job, result }]);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // The job's own log line carries the request's id, like its access line.
      const requestId = response.headers.get("x-request-id");
      const lines = () => server.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
      // The access line is written once the answer is sent: it may arrive a moment after the answer.
      await expect.poll(() => lines().filter((line) => line.requestId === requestId).map((line) => line.msg)).toEqual(["scheduled job done", "request"]);
      expect(lines().find((line) => line.msg === "scheduled job done" && line.requestId === requestId)).toMatchObject({ job, ...result });
    }
  });
});
