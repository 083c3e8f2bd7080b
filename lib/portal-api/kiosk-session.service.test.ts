import { SignJWT, exportJWK, generateKeyPair, calculateJwkThumbprint } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { verifiedRelayedFormClient } from "../http/relayed-client.ts";
import { KIOSK_IDLE_SECONDS } from "../sessions/session-lifetimes.ts";
import { kioskProofOf } from "./kiosk-proof.ts";
import { freshKioskAccess, pollKioskEnrolment, readKioskTokens, startKioskEnrolment } from "./kiosk-session.ts";

// The kiosk page's side of issue 36, sections 4 and 5: its calls to the issuer carry the tablet's signed
// address; its cookies are bound to the tablet's key and live eight days from the last refresh; every call
// of the page proves the key (DPoP proof JWTs, checked by the issuer's own DPoP code).
const database = serviceTestDatabase();

const TABLET = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (iPad) Safari/604.1" };

interface Sent {
  url: string;
  headers: Record<string, string>;
  form: URLSearchParams;
}

/** The issuer as fetch sees it: records each call and answers `answers` in turn. */
function fakeIssuer(...answers: { status: number; body: unknown; headers?: Record<string, string> }[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, form: new URLSearchParams(init.body as URLSearchParams) });
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", ...answer.headers } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function tabletKey() {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: false });
  const jwk = await exportJWK(publicKey);
  return { jwk, privateKey, jkt: await calculateJwkThumbprint(jwk, "sha256") };
}

async function proofFor(key: Awaited<ReturnType<typeof tabletKey>>, method: string, url: string, iat = Math.floor(Date.now() / 1000)) {
  return new SignJWT({ htm: method, htu: url }).setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: key.jwk }).setJti(crypto.randomUUID()).setIssuedAt(iat).sign(key.privateKey);
}

const DEVICE_START = {
  device_code: "d".repeat(43),
  user_code: "BCDF-GHJK",
  verification_uri: "http://localhost:3000/device",
  verification_uri_complete: "http://localhost:3000/device?user_code=BCDF-GHJK",
  expires_in: 600,
  interval: 5,
};

describe("the kiosk's enrolment and cookie", () => {
  it("starts and polls the device grant with the tablet's address signed for each form, and binds the cookie to the tablet's key for eight days", async () => {
    const key = await tabletKey();
    const sent = fakeIssuer({ status: 200, body: DEVICE_START }, { status: 200, body: { access_token: "access-1", expires_in: 600, refresh_token: "refresh-1" } });

    const started = await startKioskEnrolment("demo-checkin-kiosk", TABLET, key.jkt);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const start = sent[0]!;
    expect(start.url).toMatch(/\/oauth\/device_authorization$/);
    expect(start.headers["User-Agent"]).toBe(TABLET.userAgent);
    const startHeaders = { get: (name: string) => start.headers[Object.keys(start.headers).find((key) => key.toLowerCase() === name) ?? ""] ?? null };
    expect(await verifiedRelayedFormClient(database, startHeaders, "/oauth/device_authorization", start.form)).toBe(TABLET.ip);

    // Another key polling the same enrolment (its cookie carried to another browser): as if none was started.
    const other = await tabletKey();
    expect(await pollKioskEnrolment(started.cookie.value, TABLET, other.jkt)).toMatchObject({ status: "not_started" });
    expect(sent).toHaveLength(1);

    const polled = await pollKioskEnrolment(started.cookie.value, TABLET, key.jkt);
    expect(polled.status).toBe("enrolled");
    const poll = sent[1]!;
    expect(Object.fromEntries(poll.form)).toEqual({ client_id: "demo-checkin-kiosk", grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: DEVICE_START.device_code });
    const pollHeaders = { get: (name: string) => poll.headers[Object.keys(poll.headers).find((key) => key.toLowerCase() === name) ?? ""] ?? null };
    expect(await verifiedRelayedFormClient(database, pollHeaders, "/oauth/token", poll.form)).toBe(TABLET.ip);

    const cookie = "cookies" in polled ? polled.cookies.find((written) => written.value !== "") : undefined;
    expect(cookie?.options.maxAge).toBe(KIOSK_IDLE_SECONDS);
    expect(await readKioskTokens(cookie?.value)).toEqual({ clientId: "demo-checkin-kiosk", accessToken: "access-1", accessExpiresAt: expect.any(Number), refreshToken: "refresh-1", jkt: key.jkt });
  });

  it("refreshes from the tablet, writing the cookie again for eight days; off the campus's networks it keeps it", async () => {
    const key = await tabletKey();
    const tokens = { clientId: "demo-checkin-kiosk", accessToken: "old", accessExpiresAt: Math.floor(Date.now() / 1000) - 1, refreshToken: `refresh-${crypto.randomUUID()}`, jkt: key.jkt };
    const sent = fakeIssuer({ status: 200, body: { access_token: "new", expires_in: 600, refresh_token: "refresh-2" } });
    const fresh = await freshKioskAccess(tokens, TABLET, database);
    expect(fresh).toMatchObject({ access: "new", cookie: { options: { maxAge: KIOSK_IDLE_SECONDS } } });
    expect(sent[0]!.headers["x-relayed-client"]).toMatch(/^ip=203\.0\.113\.7; t=\d+; n=/);

    fakeIssuer({ status: 400, body: { error: "unauthorized_client", error_description: "this kiosk may be used only on its campus's networks" } });
    expect(await freshKioskAccess({ ...tokens, refreshToken: `refresh-${crypto.randomUUID()}` }, TABLET, database)).toBe("outside_networks");
    fakeIssuer({ status: 400, body: { error: "invalid_grant", error_description: "revoked" } });
    expect(await freshKioskAccess({ ...tokens, refreshToken: `refresh-${crypto.randomUUID()}` }, TABLET, database)).toBe("signed_out");
  });

  it("takes a proof of the tablet's key for this call, once, and answers its thumbprint", async () => {
    const key = await tabletKey();
    const url = "http://localhost:3000/kiosk/api/v1/events";
    const request = async (proof: string | null, to = url, method = "GET") => new Request(to, { method, headers: proof ? { dpop: proof } : {} });

    const proof = await proofFor(key, "GET", url);
    expect(await kioskProofOf(database, await request(proof))).toEqual({ ok: true, jkt: key.jkt });
    // The same proof again, or for another call, or too old, or none at all: refused.
    expect(await kioskProofOf(database, await request(proof))).toMatchObject({ ok: false, missing: false, description: "the DPoP proof was already used" });
    expect(await kioskProofOf(database, await request(await proofFor(key, "GET", url), "http://localhost:3000/kiosk/api/v1/households", "GET"))).toMatchObject({ ok: false, missing: false });
    expect(await kioskProofOf(database, await request(await proofFor(key, "GET", url), url, "POST"))).toMatchObject({ ok: false, missing: false });
    expect(await kioskProofOf(database, await request(await proofFor(key, "GET", url, Math.floor(Date.now() / 1000) - 600)))).toMatchObject({ ok: false, missing: false });
    expect(await kioskProofOf(database, await request(null))).toMatchObject({ ok: false, missing: true });
  });
});
