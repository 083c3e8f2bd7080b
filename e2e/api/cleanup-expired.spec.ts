import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createScratchDatabase, dropScratchDatabase } from "../support/scratch-server.ts";
import { TEST_APP_SECRET } from "../support/test-env.ts";

/**
 * `npm run cleanup:expired` (scripts/cleanup-expired.ts), run as a scheduler runs it, against a database of
 * its own: it deletes exactly what has expired beyond use, keeps what still matters (a used authorization
 * code inside its replay window, a rotated refresh token of a live grant, a session a live grant still
 * refreshes through), works in batches, and a second run finds nothing. The shared test database is not
 * touched: other specs expire rows on purpose and must find them.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

async function cleanup(databaseUrl: string, args: string[] = []): Promise<string> {
  const { stdout } = await run(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/cleanup-expired.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: databaseUrl, APP_SECRET: TEST_APP_SECRET, NODE_ENV: "production" },
    timeout: 60_000,
  });
  return stdout.trim();
}

let databaseUrl: string;
let db: pg.Client;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  databaseUrl = await createScratchDatabase("cleanup");
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const one = async (text: string, params: unknown[] = []) => (await db.query<{ id: string }>(text, params)).rows[0]!.id;
  ids.user = await one(`INSERT INTO account (email, given_name, family_name) VALUES ('cleanup@example.org', 'Clea', 'Nup') RETURNING id`);
  await db.query(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes)
     VALUES ('cleanup-app', 'Cleanup app', 'public', '{}', '{}', '{authorization_code,refresh_token}', '{openid}')`,
  );
  const session = (label: string, expires: string, revoked: string | null, lastSeen = "0 days") =>
    one(
      `INSERT INTO session (user_id, token_hash, auth_time, amr, expires_at, revoked_at, last_seen_at)
       VALUES ($1, $2, now() - interval '60 days', '{pwd}', now() + $3::interval, now() + $4::interval, now() + $5::interval) RETURNING id`,
      [ids.user, `session-${label}`, expires, revoked, lastSeen],
    );
  ids.endedLongAgo = await session("ended-long-ago", "-40 days", null);
  // Idle since 50 days (a member's idle timeout is 14 days): ended 36 days ago, though its absolute end is ahead.
  ids.idleLongAgo = await session("idle-long-ago", "+10 days", null, "-50 days");
  ids.expiredButOffline = await session("expired-but-offline", "-40 days", null);
  ids.endedRecently = await session("ended-recently", "-10 days", null);
  ids.live = await session("live", "+10 days", null);
  const grant = (sessionId: string, revoked: string | null, offlineUntil: string | null = null) =>
    one(
      `INSERT INTO oauth_grant (client_id, user_id, session_id, scope, auth_time, amr, revoked_at, offline_until)
       VALUES ('cleanup-app', $1, $2, 'openid', now(), '{pwd}', now() + $3::interval, now() + $4::interval) RETURNING id`,
      [ids.user, sessionId, revoked, offlineUntil],
    );
  ids.revokedGrant = await grant(ids.endedLongAgo, "-40 days");
  // An offline_access grant outlives its session's end: the session stays while its refresh token is usable.
  ids.liveGrant = await grant(ids.expiredButOffline, null, "+50 days");
  const refresh = (hash: string, grantId: string, expires: string, used: string | null) =>
    db.query(`INSERT INTO refresh_token (token_hash, grant_id, expires_at, used_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [hash, grantId, expires, used]);
  await refresh("rt-of-revoked-grant", ids.revokedGrant, "+5 days", null); // goes: its grant was revoked 40 days ago
  await refresh("rt-expired-long-ago", ids.liveGrant, "-40 days", "-45 days"); // goes
  await refresh("rt-rotated-of-live-grant", ids.liveGrant, "+20 days", "-1 day"); // stays: a replay must still be caught
  await refresh("rt-usable", ids.liveGrant, "+25 days", null); // stays

  const code = (hash: string, expires: string) =>
    db.query(
      `INSERT INTO verification_code (purpose, subject, target, code_hash, expires_at) VALUES ('email_verification', $1, 'x@example.org', $2, now() + $3::interval)`,
      [ids.user, hash, expires],
    );
  for (const hash of ["vc-expired-1", "vc-expired-2", "vc-expired-3"]) await code(hash, "-1 minute");
  await code("vc-live", "+5 minutes");
  await db.query(`INSERT INTO authorization_request (id, params, browser_hash, expires_at) VALUES ('ar-expired', '{}', 'b', now() - interval '1 minute'), ('ar-live', '{}', 'b', now() + interval '20 minutes')`);
  await db.query(
    `INSERT INTO pushed_authorization_request (uri_hash, client_id, params, expires_at) VALUES
       ('par-expired', 'cleanup-app', '{}', now() - interval '1 second'), ('par-live', 'cleanup-app', '{}', now() + interval '90 seconds')`,
  );
  await db.query(`INSERT INTO dpop_proof (jti_hash, expires_at) VALUES ('dpop-expired', now() - interval '1 second'), ('dpop-live', now() + interval '5 minutes')`);
  await db.query(
    `INSERT INTO webauthn_challenge (purpose, binding_hash, challenge, expires_at) VALUES
       ('authentication', 'wc-expired', 'c1', now() - interval '1 second'), ('authentication', 'wc-live', 'c2', now() + interval '5 minutes')`,
  );
  // A device request is kept a day past its end, so a late poll hears expired_token.
  await db.query(
    `INSERT INTO device_authorization (device_code_hash, user_code_hash, client_id, scope, expires_at) VALUES
       ('da-expired-days-ago', 'u1', 'cleanup-app', 'openid', now() - interval '2 days'), ('da-expired-just-now', 'u2', 'cleanup-app', 'openid', now() - interval '1 second')`,
  );
  const authCode = (hash: string, expires: string) =>
    db.query(
      `INSERT INTO authorization_code (code_hash, client_id, user_id, session_id, redirect_uri, scope, code_challenge, auth_time, amr, expires_at, used_at)
       VALUES ($1, 'cleanup-app', $2, $3, 'https://app.example.org/cb', 'openid', 'x', now(), '{pwd}', now() + $4::interval, now())`,
      [hash, ids.user, ids.live, expires],
    );
  await authCode("ac-expired-days-ago", "-2 days");
  await authCode("ac-used-just-now", "-1 minute");
  await db.query(
    `INSERT INTO attempt_counter (key, failures, window_start, blocked_until, updated_at) VALUES
       ('stale', 7, now() - interval '3 days', now() - interval '2 days', now() - interval '2 days'),
       ('blocked-now', 9, now(), now() + interval '10 minutes', now()),
       ('counting', 2, now(), NULL, now() - interval '5 minutes')`,
  );
  await db.query(`INSERT INTO revoked_access_token (jti, expires_at) VALUES ('jti-expired', now() - interval '1 minute'), ('jti-live', now() + interval '5 minutes')`);
  await db.query(
    `INSERT INTO outbox_message (channel, recipient, body, created_at) VALUES
       ('email', 'x@example.org', 'Your code is 123456', now() - interval '40 days'), ('email', 'x@example.org', 'Your code is 654321', now())`,
  );
  // A webhook's delivery log: one tried 45 days ago, one as old but sent again just now (its message still
  // waits in the outbox), one tried 10 days ago.
  await db.query(`INSERT INTO webhook_endpoint (id, url, event_types, secret_sealed) VALUES ('whep_cleanup001', 'https://hooks.cleanup.invalid/x', '{event.updated}', 'sealed')`);
  await db.query(
    `INSERT INTO webhook_delivery (id, endpoint_id, event_type, payload, created_at, last_attempt_at) VALUES
       ('msg_old000000000000000000000', 'whep_cleanup001', 'event.updated', '{}', now() - interval '45 days', now() - interval '44 days'),
       ('msg_queued000000000000000000', 'whep_cleanup001', 'event.updated', '{}', now() - interval '45 days', now() - interval '44 days'),
       ('msg_recent000000000000000000', 'whep_cleanup001', 'event.updated', '{}', now() - interval '10 days', now() - interval '10 days')`,
  );
  await db.query(`INSERT INTO outbox_message (channel, recipient, body) VALUES ('webhook', 'msg_queued000000000000000000', '')`);
  // Its secrets replaced by rotations: one whose day of signing ended a minute ago, one still signing.
  await db.query(
    `INSERT INTO webhook_previous_secret (endpoint_id, secret_sealed, expires_at) VALUES
       ('whep_cleanup001', 'wps-expired', now() - interval '1 minute'), ('whep_cleanup001', 'wps-signing', now() + interval '23 hours')`,
  );
  await db.query(
    `INSERT INTO federation_provider (id, display_name, issuer, client_id, client_secret_encrypted, enabled)
     VALUES ('cleanup-idp', 'Cleanup IdP', 'https://idp.cleanup.invalid', 'cleanup', 'sealed', false)`,
  );
  await db.query(
    `INSERT INTO federated_login_attempt (state_hash, provider_id, code_verifier_encrypted, nonce, intent, expires_at) VALUES
       ('fla-expired', 'cleanup-idp', 'v', 'n', 'sign_in', now() - interval '1 minute'), ('fla-live', 'cleanup-idp', 'v', 'n', 'sign_in', now() + interval '5 minutes')`,
  );
  await db.query(
    `INSERT INTO known_device (user_id, device_hash, first_seen_at, last_seen_at) VALUES
       ($1, 'kd-unseen-401-days', now() - interval '500 days', now() - interval '401 days'),
       ($1, 'kd-seen-399-days-ago', now() - interval '500 days', now() - interval '399 days')`,
    [ids.user],
  );
  await db.query(
    `INSERT INTO federated_link_code (code_hash, user_id, provider_id, issuer, subject, expires_at) VALUES
       ('flc-expired', $1, 'cleanup-idp', 'https://idp.cleanup.invalid', 's1', now() - interval '1 minute'),
       ('flc-live', $1, 'cleanup-idp', 'https://idp.cleanup.invalid', 's2', now() + interval '5 minutes')`,
    [ids.user],
  );
});

test.afterAll(async () => {
  await db?.end();
  if (databaseUrl) await dropScratchDatabase(databaseUrl);
});

const column = async (text: string) => (await db.query<{ v: string }>(text)).rows.map((row) => row.v).sort();

test("the first run deletes exactly what expired beyond use, in batches", async () => {
  expect(await cleanup(databaseUrl, ["--batch=2"])).toBe(
    "Deleted 3 verification codes, 1 authorization requests, 1 pushed authorization requests, 1 device sign-ins, 1 DPoP proof ids, 1 passkey challenges, 1 authorization codes, 1 attempt counters, 1 revoked access-token ids, " +
      "2 refresh tokens, 2 sessions, 1 outbox messages, 1 webhook deliveries, 1 replaced webhook secrets, 1 federated sign-in attempts, 1 federated link codes, 0 spent member codes, 0 kiosk alerts, 0 pickup tags, 0 shared token refreshes and 1 known browsers (retention 30 days).",
  );
  expect(await column(`SELECT code_hash AS v FROM verification_code`)).toEqual(["vc-live"]);
  expect(await column(`SELECT id AS v FROM authorization_request`)).toEqual(["ar-live"]);
  expect(await column(`SELECT uri_hash AS v FROM pushed_authorization_request`)).toEqual(["par-live"]);
  expect(await column(`SELECT device_code_hash AS v FROM device_authorization`)).toEqual(["da-expired-just-now"]);
  expect(await column(`SELECT jti_hash AS v FROM dpop_proof`)).toEqual(["dpop-live"]);
  expect(await column(`SELECT binding_hash AS v FROM webauthn_challenge`)).toEqual(["wc-live"]);
  expect(await column(`SELECT code_hash AS v FROM authorization_code`)).toEqual(["ac-used-just-now"]);
  expect(await column(`SELECT key AS v FROM attempt_counter`)).toEqual(["blocked-now", "counting"]);
  expect(await column(`SELECT jti AS v FROM revoked_access_token`)).toEqual(["jti-live"]);
  expect(await column(`SELECT token_hash AS v FROM refresh_token`)).toEqual(["rt-rotated-of-live-grant", "rt-usable"]);
  expect(await column(`SELECT token_hash AS v FROM session`)).toEqual(["session-ended-recently", "session-expired-but-offline", "session-live"]);
  expect(await column(`SELECT body AS v FROM outbox_message`)).toEqual(["", "Your code is 654321"]);
  expect(await column(`SELECT id AS v FROM webhook_delivery`)).toEqual(["msg_queued000000000000000000", "msg_recent000000000000000000"]);
  expect(await column(`SELECT secret_sealed AS v FROM webhook_previous_secret`)).toEqual(["wps-signing"]);
  expect(await column(`SELECT state_hash AS v FROM federated_login_attempt`)).toEqual(["fla-live"]);
  expect(await column(`SELECT code_hash AS v FROM federated_link_code`)).toEqual(["flc-live"]);
  expect(await column(`SELECT device_hash AS v FROM known_device`)).toEqual(["kd-seen-399-days-ago"]);
  // Grants are the member's record: kept, the one of the deleted session now without it.
  const grants = await db.query<{ id: string; session_id: string | null }>(`SELECT id, session_id FROM oauth_grant ORDER BY id`);
  expect(Object.fromEntries(grants.rows.map((row) => [row.id, row.session_id]))).toEqual({ [ids.revokedGrant!]: null, [ids.liveGrant!]: ids.expiredButOffline });
});

test("a second run finds nothing: the command is idempotent", async () => {
  expect(await cleanup(databaseUrl)).toBe(
    "Deleted 0 verification codes, 0 authorization requests, 0 pushed authorization requests, 0 device sign-ins, 0 DPoP proof ids, 0 passkey challenges, 0 authorization codes, 0 attempt counters, 0 revoked access-token ids, " +
      "0 refresh tokens, 0 sessions, 0 outbox messages, 0 webhook deliveries, 0 replaced webhook secrets, 0 federated sign-in attempts, 0 federated link codes, 0 spent member codes, 0 kiosk alerts, 0 pickup tags, 0 shared token refreshes and 0 known browsers (retention 30 days).",
  );
});

test("a shorter retention reaches the recently ended session; a bad --days is refused", async () => {
  expect(await cleanup(databaseUrl, ["--days=7"])).toBe(
    "Deleted 0 verification codes, 0 authorization requests, 0 pushed authorization requests, 0 device sign-ins, 0 DPoP proof ids, 0 passkey challenges, 0 authorization codes, 0 attempt counters, 0 revoked access-token ids, " +
      "0 refresh tokens, 1 sessions, 0 outbox messages, 1 webhook deliveries, 0 replaced webhook secrets, 0 federated sign-in attempts, 0 federated link codes, 0 spent member codes, 0 kiosk alerts, 0 pickup tags, 0 shared token refreshes and 0 known browsers (retention 7 days).",
  );
  expect(await column(`SELECT token_hash AS v FROM session`)).toEqual(["session-expired-but-offline", "session-live"]);
  expect(await column(`SELECT id AS v FROM webhook_delivery`)).toEqual(["msg_queued000000000000000000"]);
  const refused = await cleanup(databaseUrl, ["--days=0"]).catch((error: { code: number; stderr: string }) => `exit ${error.code}: ${error.stderr.trim()}`);
  expect(refused).toBe("exit 2: --days must be a whole number, at least 1");
});
