/**
 * Two instances, one database (issue 7, Proof): two production servers on different ports against one
 * PostgreSQL database, with the same APP_SECRET and the same BASE_URL (server A's origin: the issuer every
 * token carries, as behind a load balancer). Nothing is shared between them but the database, so every
 * check below holds only if all state lives there:
 *   - signed in on A, the access token works on B, the refresh token refreshes on B, and back on A;
 *   - a refresh token rotated on one is refused on the other, and that reuse revokes the family on both;
 *   - revoked on A (token revocation, a session ended, a consent withdrawn): refused on B at once;
 *   - attempt limits count across both: wrong passwords on A and B add up to one limit;
 *   - a back-channel logout triggered on A for a session used on B reaches the app once, verifiable with B's keys;
 *   - a kiosk's device code approved on A is polled on B, once; the poll interval holds across both;
 *   - a DPoP nonce made by A is good on B, and a DPoP proof used on B is refused on A;
 *   - check-in (docs/decisions/0023): a child checked in by a kiosk served by A is checked out by another
 *     kiosk of the campus served by B, with the pickup tag's code, once.
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from "jose";
import { OAuthBrowser, hiddenInputs } from "../../e2e/support/oauth-browser.ts";
import { ADMIN_DATABASE_URL } from "./support/config.ts";
import { Database } from "./support/db-state.ts";
import type { Tally } from "./support/report.ts";
import { prepareDatabase, startServer, type ProofServer } from "./support/servers.ts";
import { basicAuth, DEMO_PASSWORD, portalClient, portalTokens, signInForTokens, tokenRequest } from "./support/tokens.ts";

async function me(server: ProofServer, accessToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function revoke(server: ProofServer, token: string, hint: string): Promise<number> {
  const response = await fetch(`${server.url}/oauth/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth() },
    body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
  });
  await response.body?.cancel();
  return response.status;
}

export async function runInstances(tally: Tally, options: { databaseUrl: string; ports: [number, number] }): Promise<void> {
  const issuer = `http://127.0.0.1:${options.ports[0]}`;
  prepareDatabase(options.databaseUrl, ADMIN_DATABASE_URL, issuer);
  const database = new Database(options.databaseUrl);
  // The demo app's back-channel logout endpoint is in this process, on loopback: the servers may call it.
  const env = { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" };
  const a = await startServer({ name: "instance-a", port: options.ports[0], databaseUrl: options.databaseUrl, baseUrl: issuer, env });
  let b: ProofServer | undefined;
  const logoutTokens: string[] = [];
  const appEndpoint = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      logoutTokens.push(new URLSearchParams(body).get("logout_token") ?? "");
      response.writeHead(200).end();
    });
  });
  try {
    await new Promise<void>((resolve) => appEndpoint.listen(0, "127.0.0.1", resolve));
    b = await startServer({ name: "instance-b", port: options.ports[1], databaseUrl: options.databaseUrl, baseUrl: issuer, env });
    console.log(`  A ${a.url} (pid ${a.pid}), B ${b.url} (pid ${b.pid}), both BASE_URL ${issuer}, one database`);

    // Both publish the same keys: whichever signs, the other verifies.
    const [jwksA, jwksB] = await Promise.all([a, b].map(async (server) => (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }));
    const kids = (jwks: { keys: { kid: string }[] } | undefined) => (jwks?.keys ?? []).map((key) => key.kid).sort().join(",");
    tally.check("A and B publish the same signing keys", kids(jwksA) !== "" && kids(jwksA) === kids(jwksB), kids(jwksA));

    // Sign in on A; use and refresh on B.
    const first = await signInForTokens(a.url, "member@example.org");
    const onB = await me(b, first.access_token);
    tally.check("signed in on A: the access token works on B", onB.status === 200 && onB.body.email === "member@example.org", `B answered ${onB.status}`);
    const refreshedOnB = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: first.refresh_token! });
    tally.check("A's refresh token refreshes on B", refreshedOnB.status === 200 && typeof refreshedOnB.body.refresh_token === "string", `B answered ${refreshedOnB.status}`);
    const second = refreshedOnB.body as { access_token: string; refresh_token: string };
    tally.check("B's access token works on A", (await me(a, second.access_token)).status === 200);
    const refreshedOnA = await tokenRequest(a.url, { grant_type: "refresh_token", refresh_token: second.refresh_token });
    tally.check("B's refresh token refreshes on A", refreshedOnA.status === 200, `A answered ${refreshedOnA.status}`);
    const third = refreshedOnA.body as { access_token: string; refresh_token: string };

    // Rotation is one fact for both: the token B rotated is spent on A too.
    const reused = await tokenRequest(a.url, { grant_type: "refresh_token", refresh_token: first.refresh_token! });
    tally.check("a refresh token rotated on B is refused on A (invalid_grant)", reused.status === 400 && reused.body.error === "invalid_grant", `A answered ${reused.status} ${String(reused.body.error)}`);
    const afterReuse = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: third.refresh_token });
    tally.check("that reuse on A revoked the whole family: B refuses its newest refresh token", afterReuse.status === 400 && afterReuse.body.error === "invalid_grant", `B answered ${afterReuse.status}`);
    const deadOnB = await me(b, third.access_token);
    tally.check("… and B refuses the family's access token on /api/v1 (invalid_token)", deadOnB.status === 401 && deadOnB.body.error === "invalid_token", `B answered ${deadOnB.status}`);

    // Revoke on A, refused on B: an access token (by jti), a refresh token (its grant).
    const fresh = await signInForTokens(a.url, "member@example.org", b.url);
    tally.check("signed in on A, code exchanged on B", typeof fresh.access_token === "string");
    tally.check("revoke an access token on A (200)", (await revoke(a, fresh.access_token, "access_token")) === 200);
    const revokedAccess = await me(b, fresh.access_token);
    tally.check("the access token revoked on A is refused on B at once", revokedAccess.status === 401 && revokedAccess.body.error === "invalid_token", `B answered ${revokedAccess.status}`);
    tally.check("revoke the refresh token on A (200)", (await revoke(a, fresh.refresh_token!, "refresh_token")) === 200);
    const revokedRefresh = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: fresh.refresh_token! });
    tally.check("the refresh token revoked on A is refused on B (invalid_grant)", revokedRefresh.status === 400 && revokedRefresh.body.error === "invalid_grant", `B answered ${revokedRefresh.status}`);

    // A session ended on A: its tokens refused on B. (The sessions routes are account control: the portal's token.)
    const session = await portalTokens(a.url, "member@example.org", issuer);
    const sessions = (await (await fetch(`${b.url}/api/v1/sessions/me`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as { sessions: { id: string; current: boolean }[] };
    const current = sessions.sessions.find((item) => item.current);
    const ended = current ? await fetch(`${a.url}/api/v1/sessions/me/${current.id}`, { method: "DELETE", headers: { authorization: `Bearer ${session.access_token}` } }) : undefined;
    tally.check("end the current session on A (200)", ended?.status === 200, `A answered ${ended?.status}`);
    const afterSession = await me(b, session.access_token);
    tally.check("a token of the session ended on A is refused on B", afterSession.status === 401 && afterSession.body.error === "invalid_token", `B answered ${afterSession.status}`);
    const sessionRefresh = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: session.refresh_token! }, portalClient(issuer));
    tally.check("… and its refresh token too", sessionRefresh.status === 400 && sessionRefresh.body.error === "invalid_grant", `B answered ${sessionRefresh.status}`);

    // A consent withdrawn on A: the client's refresh tokens refused on B.
    const consented = await signInForTokens(a.url, "member@example.org");
    const account = (await portalTokens(a.url, "member@example.org", issuer)).access_token;
    const consents = (await (await fetch(`${a.url}/api/v1/consents/me`, { headers: { authorization: `Bearer ${account}` } })).json()) as { consents: { id: string; client_id: string }[] };
    const consent = consents.consents.find((item) => item.client_id === "demo-app");
    const withdrawn = consent ? await fetch(`${a.url}/api/v1/consents/me/${consent.id}`, { method: "DELETE", headers: { authorization: `Bearer ${account}` } }) : undefined;
    tally.check("withdraw the demo app's consent on A (200)", withdrawn?.status === 200, `A answered ${withdrawn?.status}`);
    const afterConsent = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: consented.refresh_token! });
    tally.check("the app's refresh token is refused on B after the consent went on A", afterConsent.status === 400 && afterConsent.body.error === "invalid_grant", `B answered ${afterConsent.status}`);

    // Back-channel logout: signed in on A, the session used on B (a refresh), then ended on A by reusing the
    // rotated refresh token there. The app is told once, and B's published keys verify what was signed.
    await database.query(`UPDATE client SET backchannel_logout_uri = $1 WHERE id = 'demo-app'`, [`http://127.0.0.1:${(appEndpoint.address() as AddressInfo).port}/backchannel`]);
    const used = await signInForTokens(a.url, "member@example.org");
    const usedOnB = await tokenRequest(b.url, { grant_type: "refresh_token", refresh_token: used.refresh_token! });
    tally.check("a session signed in on A is used on B (a refresh)", usedOnB.status === 200, `B answered ${usedOnB.status}`);
    const endedOnA = await tokenRequest(a.url, { grant_type: "refresh_token", refresh_token: used.refresh_token! });
    tally.check("… and ended on A (the rotated refresh token reused there: invalid_grant)", endedOnA.status === 400, `A answered ${endedOnA.status}`);
    const deadline = Date.now() + 15_000;
    while (logoutTokens.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sid = decodeJwt(used.id_token!).sid;
    const verified = logoutTokens.length === 1 ? await jwtVerify(logoutTokens[0]!, createLocalJWKSet(jwksB as unknown as JSONWebKeySet), { issuer, audience: "demo-app", typ: "logout+jwt" }).catch(() => null) : null;
    tally.check("the app's back-channel endpoint got one logout token for that session", logoutTokens.length === 1, `${logoutTokens.length} received`);
    tally.check(
      "… signed by the shared keys (verified with B's JWKS), naming the session's sid and the back-channel event",
      verified !== null && verified.payload.sid === sid && verified.payload.events !== undefined && !("nonce" in verified.payload),
      verified ? JSON.stringify({ sid: verified.payload.sid, expected: sid }) : "not verified",
    );

    // A kiosk's device code (RFC 8628): asked for and approved on A, polled on B. The poll interval lives
    // in the database too: polling on B right after A is too soon.
    const kioskPoll = async (server: ProofServer, deviceCode: string) => {
      const response = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: "demo-kiosk", grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: deviceCode }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const started = await fetch(`${a.url}/oauth/device_authorization`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "demo-kiosk", scope: "openid profile" }),
    });
    const device = (await started.json()) as { device_code: string; user_code: string };
    const deviceCodeHash = createHash("sha256").update(device.device_code).digest("base64url");
    // A minute between polls, so a slow answer on a loaded machine cannot make B's poll come on time.
    await database.query(`UPDATE device_authorization SET poll_interval_seconds = 60 WHERE device_code_hash = $1`, [deviceCodeHash]);
    const firstPoll = await kioskPoll(a, device.device_code);
    const earlyPoll = await kioskPoll(b, device.device_code);
    tally.check("a device code from A is pending on A, and polling on B right after is slow_down", firstPoll.body.error === "authorization_pending" && earlyPoll.body.error === "slow_down", `${String(firstPoll.body.error)}, ${String(earlyPoll.body.error)}`);
    const member = new OAuthBrowser(a.url);
    await (await member.postSignIn(null, "member@example.org", DEMO_PASSWORD)).body?.cancel();
    const typed = await member.post("/auth/device", { ...hiddenInputs((await member.page("/device")).html), user_code: device.user_code });
    await member.post("/auth/device/decision", { ...hiddenInputs((await member.page(typed)).html), decision: "allow" });
    // As if the kiosk had waited its interval.
    await database.query(`UPDATE device_authorization SET last_polled_at = now() - interval '10 minutes' WHERE device_code_hash = $1`, [deviceCodeHash]);
    const polledOnB = await kioskPoll(b, device.device_code);
    const againOnA = await kioskPoll(a, device.device_code);
    tally.check("approved on A, the device's poll on B gets its tokens", polledOnB.status === 200 && typeof polledOnB.body.access_token === "string", `B answered ${polledOnB.status} ${String(polledOnB.body.error ?? "")}`);
    tally.check("… once: its next poll, on A, is invalid_grant", againOnA.status === 400 && againOnA.body.error === "invalid_grant", `A answered ${againOnA.status} ${String(againOnA.body.error)}`);

    // Check-in (docs/decisions/0023): two kiosks of one campus, enrolled by a check-in volunteer, one talking to
    // A and one to B; a child checked in on the first (the parent's own code scanned there) is collected on the
    // second with the pickup tag printed by the first, once.
    const tag = randomUUID().slice(0, 8);
    const campusId = `cmp_proof_${tag}`;
    await database.query(`INSERT INTO campus (id, name, timezone) VALUES ($1, 'Proof campus', 'UTC')`, [campusId]);
    const eventId = `evt_proof_${tag}`;
    await database.query(
      `INSERT INTO event (id, slug, title, description, event_type, start_date, start_time, end_date, end_time, timezone, start_at, end_at, campus_id, attendance_modes, updated_at)
       SELECT $1, $2, 'Proof kids church', '', 'SERVICE', to_char(s, 'YYYY-MM-DD'), to_char(s, 'HH24:MI'), to_char(s + interval '90 minutes', 'YYYY-MM-DD'), to_char(s + interval '90 minutes', 'HH24:MI'),
              'UTC', s, s + interval '90 minutes', $3, ARRAY['QR_CODE']::"AttendanceMode"[], now()
         FROM (SELECT date_trunc('minute', now() AT TIME ZONE 'UTC') + interval '30 minutes' AS s) AS start`,
      [eventId, `proof-kids-${tag}`, campusId],
    );
    const volunteerEmail = `proofs-kiosk-${tag}@example.org`;
    await database.query(
      `WITH v AS (INSERT INTO account (email, email_verified_at, password_hash, given_name, family_name, locale)
                  SELECT $1, now(), password_hash, 'Kiosk', 'Volunteer', 'en' FROM account WHERE email = 'member@example.org' RETURNING id)
       INSERT INTO user_role (user_id, role_id) SELECT v.id, r.id FROM v, role r WHERE r.name = 'kiosk'`,
      [volunteerEmail],
    );
    const parentEmail = `proofs-parent-${tag}@example.org`;
    const [parent] = await database.query<{ id: string }>(
      `WITH p AS (INSERT INTO account (email, email_verified_at, password_hash, given_name, family_name, locale)
                  SELECT $1, now(), password_hash, 'Proof', 'Parent', 'en' FROM account WHERE email = 'member@example.org' RETURNING id),
            r AS (INSERT INTO user_role (user_id, role_id) SELECT p.id, r.id FROM p, role r WHERE r.name = 'member')
       SELECT id::text AS id FROM p`,
      [parentEmail],
    );
    const [child] = await database.query<{ id: string }>(`INSERT INTO account (given_name, family_name, birth_date, locale) VALUES ('Pip', 'Parent', '2020-01-01', 'en') RETURNING id::text AS id`);
    const [household] = await database.query<{ id: string }>(`INSERT INTO family (name, code_hash, code_encrypted, code_expires_at) VALUES ('Proof household', $1, 'none', now()) RETURNING id::text AS id`, [`proof-${tag}`]);
    await database.query(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1::uuid, $2::uuid, 'adult'), ($1::uuid, $3::uuid, 'child')`, [household!.id, parent!.id, child!.id]);
    const volunteer = new OAuthBrowser(a.url);
    await (await volunteer.postSignIn(null, volunteerEmail, DEMO_PASSWORD)).body?.cancel();
    const enrolKiosk = async (clientId: string, server: ProofServer): Promise<string> => {
      await database.query(
        `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
         VALUES ($1, $1, 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
        [clientId, campusId],
      );
      const asked = await fetch(`${server.url}/oauth/device_authorization`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: clientId, scope: "openid check-in:kiosk" }),
      });
      const code = (await asked.json()) as { device_code: string; user_code: string };
      const shown = await volunteer.post("/auth/device", { ...hiddenInputs((await volunteer.page("/device")).html), user_code: code.user_code });
      await volunteer.post("/auth/device/decision", { ...hiddenInputs((await volunteer.page(shown)).html), decision: "allow" });
      const polled = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: clientId, grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: code.device_code }),
      });
      return ((await polled.json()) as { access_token: string }).access_token;
    };
    const kioskCall = async (server: ProofServer, token: string, path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const kioskA = await enrolKiosk(`proof-kiosk-a-${tag}`, a);
    const kioskB = await enrolKiosk(`proof-kiosk-b-${tag}`, b);
    // The parent's own member code, as their phone shows it, scanned at kiosk A.
    const parentCode = await fetch(`${a.url}/api/v1/users/me/check-in-code`, { headers: { authorization: `Bearer ${(await portalTokens(a.url, parentEmail)).access_token}` } });
    const memberCode = String(((await parentCode.json()) as { code?: string }).code ?? "");
    const scanned = await kioskCall(a, kioskA, "/api/v1/kiosk/households", { member_code: memberCode });
    const checkedIn = await kioskCall(a, kioskA, "/api/v1/kiosk/check-ins", { presence: scanned.body.presence, guardian_id: parent!.id, children: [{ child_id: child!.id, event_id: eventId }] });
    const securityCode = (checkedIn.body.check_ins as { id: string; security_code: string }[] | undefined)?.[0]?.security_code ?? "";
    const checkInId = (checkedIn.body.check_ins as { id: string }[] | undefined)?.[0]?.id ?? "";
    const pickupTag = String(checkedIn.body.pickup_tag ?? "");
    tally.check("a child checked in by kiosk A on server A gets a security code and a pickup tag", checkedIn.status === 201 && /^[A-Z0-9]{4}$/.test(securityCode) && /^PICKUP-[A-Z2-7]{16}$/.test(pickupTag), `A answered ${checkedIn.status} ${String(checkedIn.body.error_description ?? "")}`);
    const foundOnB = await kioskCall(b, kioskB, "/api/v1/kiosk/pickups", { pickup_tag: pickupTag });
    const outOnB = await kioskCall(b, kioskB, "/api/v1/kiosk/check-outs", { pickup_tag: pickupTag, check_in_ids: [checkInId] });
    const againOnKioskA = await kioskCall(a, kioskA, "/api/v1/kiosk/check-outs", { pickup_tag: pickupTag, check_in_ids: [checkInId] });
    const pickedUp = (outOnB.body.check_ins as { given_name: string }[] | undefined)?.[0]?.given_name;
    tally.check("… is found by kiosk B on server B from the tag printed at A, and checked out there", foundOnB.status === 200 && outOnB.status === 200 && pickedUp === "Pip", `B answered ${foundOnB.status}, ${outOnB.status} ${String(outOnB.body.error_description ?? "")}`);
    tally.check("… once: the tag collects nobody more on A", againOnKioskA.status === 404, `A answered ${againOnKioskA.status}`);

    // DPoP (RFC 9449): a nonce made by A is good on B, and a proof used on A is refused on B.
    const key = await generateKeyPair("ES256");
    const jwk = await exportJWK(key.publicKey);
    const dpopProof = (nonce: string | null) =>
      new SignJWT({ htm: "POST", htu: `${issuer}/oauth/token`, jti: randomUUID(), ...(nonce ? { nonce } : {}) })
        .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk })
        .setIssuedAt()
        .sign(key.privateKey);
    const dpopToken = async (server: ProofServer, proof: string) => {
      const response = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(), dpop: proof },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: "profile" }),
      });
      return { status: response.status, nonce: response.headers.get("dpop-nonce"), body: (await response.json()) as Record<string, unknown> };
    };
    const askedForNonce = await dpopToken(a, await dpopProof(null));
    const proofWithNonce = await dpopProof(askedForNonce.nonce);
    const boundOnB = await dpopToken(b, proofWithNonce);
    const replayedOnA = await dpopToken(a, proofWithNonce);
    tally.check("A's DPoP nonce is accepted by B, which binds the token to the key", askedForNonce.body.error === "use_dpop_nonce" && boundOnB.status === 200 && boundOnB.body.token_type === "DPoP", `A ${String(askedForNonce.body.error)}, B ${boundOnB.status}`);
    tally.check("… and the same proof sent again, to A, is refused as used", replayedOnA.status === 400 && replayedOnA.body.error_description === "the DPoP proof was already used", `A answered ${replayedOnA.status} ${String(replayedOnA.body.error_description)}`);

    // Attempt limits across both: 5 free failures per address, then a block; 3 on A + 3 on B = 6.
    const email = `proofs-limits-${randomUUID().slice(0, 8)}@example.org`;
    await database.query(
      `INSERT INTO account (email, email_verified_at, password_hash, given_name, family_name, locale)
       SELECT $1, now(), password_hash, 'Limit', 'Tester', 'en' FROM account WHERE email = 'member@example.org'`,
      [email],
    );
    // Its own forwarded address, so the per-IP counter of this run's other sign-ins plays no part; and the
    // public origin as Origin, as a browser behind the load balancer sends it to whichever instance answers.
    const ip = { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 20}`, origin: issuer };
    const browserA = new OAuthBrowser(a.url);
    const browserB = new OAuthBrowser(b.url);
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const browser = attempt % 2 === 0 ? browserA : browserB;
      const response = await browser.postSignIn(null, email, "wrong-password", ip);
      statuses.push(`${attempt % 2 === 0 ? "A" : "B"}:${response.status}`);
      await response.body?.cancel();
    }
    tally.check("wrong passwords 1–5 (A, B, A, B, A) are refused as invalid credentials, the 6th (on B) starts a block", statuses.slice(0, 5).every((s) => s.endsWith(":401")), statuses.join(" "));
    const [counter] = await database.query<{ failures: number }>(
      `SELECT max(failures)::int AS failures FROM attempt_counter WHERE key LIKE 'sign-in:account:%' AND updated_at > now() - interval '1 minute'`,
    );
    tally.check("the database counts 6 failures for that address: 3 from A and 3 from B in one counter", counter?.failures === 6, `counter ${counter?.failures}`);
    const right = await browserA.postSignIn(null, email, DEMO_PASSWORD, ip);
    const body = (await right.json()) as Record<string, unknown>;
    tally.check(
      "then even the right password on A is refused (429 too_many_requests with Retry-After): A alone saw only 3 failures",
      right.status === 429 && body.error === "too_many_requests" && Number(right.headers.get("retry-after")) >= 1,
      `A answered ${right.status} ${String(body.error)} Retry-After ${right.headers.get("retry-after")}`,
    );
    tally.check("both servers are still running", a.alive() && b.alive());
  } finally {
    await Promise.all([a.stop(), b?.stop()]);
    await new Promise<void>((resolve) => appEndpoint.close(() => resolve()));
    await database.end();
  }
}
