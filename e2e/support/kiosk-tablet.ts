/**
 * A lobby tablet over plain HTTP, as the kiosk page's browser is (docs/decisions/0023, "The kiosk page"): its
 * own address (X-Forwarded-For: the test server trusts loopback as its proxy), a cookie jar, the page's CSRF
 * token, and its own non-extractable ES256 key, with which it makes a DPoP proof JWT (jose) for every call of
 * the page's routes, as components/kiosk/kiosk-key.ts does in the browser. And the volunteer who allows it at
 * /device. For the HTTP specs of issue 36's enrolment, campus networks and cookie binding.
 */
import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";
import { sql, uniqueIp } from "./database.ts";
import { createTestMember, type TestMember } from "./oauth-accounts.ts";
import { CookieJar, OAuthBrowser, hiddenInputs } from "./oauth-browser.ts";
import { POSTGRES_BASE_URL } from "./test-env.ts";

export const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** A kiosk client of a campus of the test's own (first-party, `check-in:kiosk`, no networks yet). */
export async function kioskClientOfNewCampus(): Promise<{ clientId: string; campusId: string; campusName: string }> {
  const suffix = randomBytes(5).toString("hex");
  const campusId = `cmp_enrol_${suffix}`;
  const campusName = `Harbor ${suffix}`;
  await sql(`INSERT INTO campus (id, name, timezone) VALUES ($1, $2, 'Europe/London')`, [campusId, campusName]);
  const clientId = `kiosk-${suffix}`;
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
     VALUES ($1, 'Lobby check-in', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
    [clientId, campusId],
  );
  return { clientId, campusId, campusName };
}

export interface PageAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export class Tablet {
  private constructor(
    readonly clientId: string,
    public ip: string,
    readonly jar: CookieJar,
    readonly csrfToken: string,
    private key: { privateKey: CryptoKey; jwk: JWK },
  ) {}

  /** Opens /kiosk for `clientId` from `ip` (a fresh one by default), as the tablet's browser does, and makes its key. */
  static async open(clientId: string, ip?: string): Promise<Tablet> {
    const address = ip ?? (await uniqueIp());
    const jar = new CookieJar();
    const response = await fetch(`${POSTGRES_BASE_URL}/kiosk?client=${encodeURIComponent(clientId)}`, { headers: { "x-forwarded-for": address } });
    jar.absorb(response.headers);
    const html = await response.text();
    // The page hands its CSRF token to its client component: it is in the page's React payload.
    const csrfToken = /csrfToken\\?":\\?"([A-Za-z0-9_-]{20,})/.exec(html)?.[1];
    expect(csrfToken, "the kiosk page carries no CSRF token").toBeTruthy();
    return new Tablet(clientId, address, jar, csrfToken!, await Tablet.newKey());
  }

  static async newKey(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: false });
    const { kty, crv, x, y } = await exportJWK(publicKey);
    return { privateKey, jwk: { kty, crv, x, y } };
  }

  /** Another machine holding a copy of this tablet's cookies (and CSRF token), with a key of its own, at `ip`. */
  async copiedTo(ip: string): Promise<Tablet> {
    return new Tablet(this.clientId, ip, this.jar.clone(), this.csrfToken, await Tablet.newKey());
  }

  /** A DPoP proof of this tablet's key for one call of the page (RFC 9449 4.2). */
  proof(method: string, path: string, iat = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({ htm: method, htu: `${POSTGRES_BASE_URL}${path}` })
      .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: this.key.jwk })
      .setJti(crypto.randomUUID())
      .setIssuedAt(iat)
      .sign(this.key.privateKey);
  }

  /**
   * A call of the page's routes: POST with a JSON body, or GET without one; with a proof of this tablet's key
   * unless `proof` says otherwise (null: none; a string: that very header).
   */
  async call(path: string, body?: unknown, options: { proof?: string | null } = {}): Promise<PageAnswer> {
    const method = body === undefined ? "GET" : "POST";
    const proof = options.proof === undefined ? await this.proof(method, path) : options.proof;
    const headers: Record<string, string> = {
      "x-forwarded-for": this.ip,
      "x-csrf-token": this.csrfToken,
      origin: new URL(POSTGRES_BASE_URL).origin,
      accept: "application/json",
      cookie: this.jar.header(),
      "user-agent": "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    };
    if (proof) headers.dpop = proof;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${POSTGRES_BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
    this.jar.absorb(response.headers);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
  }

  /** "Set up this kiosk". */
  enrol(): Promise<PageAnswer> {
    return this.call("/kiosk/enrol", { client_id: this.clientId });
  }

  /** Polls until the volunteer's answer turns into the kiosk cookie (at most a few polls: the volunteer answered first). */
  async pollUntilEnrolled(): Promise<PageAnswer> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await this.call("/kiosk/enrol/poll", {});
      if (answer.body.status !== "slow_down" && answer.body.status !== "pending") return answer;
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    }
    throw new Error("the enrolment was still pending");
  }
}

/** A volunteer holding `attendance:kiosk` (the `kiosk` role). */
export async function createVolunteer(): Promise<TestMember> {
  const volunteer = await createTestMember("kiosk-enrol-volunteer");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'kiosk'`, [volunteer.id]);
  return volunteer;
}

/** The volunteer signs in at /device, types the code, reads the review page and allows it; answers the review page's HTML. */
export async function volunteerAllows(volunteer: TestMember, userCode: string): Promise<string> {
  const browser = new OAuthBrowser();
  expect((await browser.postSignIn(null, volunteer.email, volunteer.password)).status).toBe(200);
  const { html } = await browser.page("/device");
  const typed = await browser.fetch("/auth/device", { form: { ...hiddenInputs(html), user_code: userCode }, headers: { accept: "application/json" } });
  expect(typed.status).toBe(200);
  const reviewUrl = browser.url(((await typed.json()) as { redirect_to: string }).redirect_to);
  const review = await browser.page(reviewUrl);
  const done = await browser.post("/auth/device/decision", { ...hiddenInputs(review.html), decision: "allow" });
  expect(`${done.pathname}${done.search}`).toBe("/device?done=allowed");
  return review.html;
}
