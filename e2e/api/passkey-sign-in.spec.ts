import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { storePasskey, userHandleOf } from "../support/passkeys.ts";
import { newSoftwarePasskey, signAssertion, type AssertionOptions, type SoftwarePasskey } from "../support/software-authenticator.ts";
import { POSTGRES_BASE_URL } from "../support/test-env.ts";

// Passkey sign-in over HTTP (POST /auth/passkey/options, /auth/passkey/sign-in, /auth/second-factor/passkey),
// answered by a passkey held in the test process (e2e/support/software-authenticator.ts), so each check the
// server makes can be met or broken one at a time. At this server the relying party is 127.0.0.1.

const ORIGIN = POSTGRES_BASE_URL;
const RP_ID = new URL(POSTGRES_BASE_URL).hostname;

// Every test posts from an IP address of its own (the server reads X-Forwarded-For in tests), so the per-IP
// limits count each test alone however often the suite runs on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });

interface Options {
  challenge: string;
  rpId: string;
  userVerification: string;
  allowCredentials?: { id: string; type: string }[];
}

async function csrfFields(browser: OAuthBrowser, page = "/sign-in"): Promise<Record<string, string>> {
  const { html } = await browser.page(page);
  return { csrf_token: hiddenInputs(html).csrf_token! };
}

async function askForOptions(browser: OAuthBrowser, purpose: "sign_in" | "second_factor" = "sign_in"): Promise<{ response: Response; options: Options }> {
  const response = await browser.fetch("/auth/passkey/options", { form: { ...(await csrfFields(browser)), purpose }, headers: json() });
  const body = (await response.json()) as { options: Options };
  return { response, options: body.options };
}

async function answer(browser: OAuthBrowser, assertion: unknown, path = "/auth/passkey/sign-in"): Promise<Response> {
  return browser.fetch(path, { form: { ...(await csrfFields(browser)), credential: JSON.stringify(assertion) }, headers: json() });
}

/** A challenge for this browser, answered by the passkey with these bends. */
async function signIn(browser: OAuthBrowser, passkey: SoftwarePasskey, bend: Partial<AssertionOptions> = {}, path?: string): Promise<Response> {
  const { options } = await askForOptions(browser);
  return answer(browser, signAssertion(passkey, { challenge: options.challenge, rpId: RP_ID, origin: ORIGIN, ...bend }), path);
}

async function memberWithPasskey(label: string, options: { synced?: boolean; counter?: number; totp?: boolean } = {}) {
  const member = await createTestMember(label, options.totp ? { totpSecret: DEMO_TOTP_SECRET } : {});
  const passkey = newSoftwarePasskey({ userHandle: userHandleOf(member.id), synced: options.synced, counter: options.counter });
  const id = await storePasskey(member, passkey, { name: `${label} key` });
  return { member, passkey, id };
}

async function liveSessions(userId: string): Promise<{ amr: string[] }[]> {
  return sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
}

async function expectRefused(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error });
}

test("the options: a fresh challenge bound to this browser by a sealed cookie, user verification required, no credentials named", async () => {
  const browser = new OAuthBrowser();
  const { response, options } = await askForOptions(browser);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("passkey-challenge="));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Max-Age=300/);
  expect(options).toMatchObject({ rpId: RP_ID, userVerification: "required", allowCredentials: [] });
  expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Only its hash is the key; asking again from the same browser replaces it rather than piling up.
  const again = await askForOptions(browser);
  expect(again.options.challenge).not.toBe(options.challenge);
  const rows = await sql(`SELECT 1 FROM webauthn_challenge WHERE challenge IN ($1, $2)`, [options.challenge, again.options.challenge]);
  expect(rows).toHaveLength(1);
});

test("a good answer signs in with amr hwk, user, mfa; the same answer again is refused: a challenge is used once", async () => {
  const { member, passkey, id } = await memberWithPasskey("pk-api-once");
  const browser = new OAuthBrowser();
  const { options } = await askForOptions(browser);
  const assertion = signAssertion(passkey, { challenge: options.challenge, rpId: RP_ID, origin: ORIGIN });
  const signedIn = await answer(browser, assertion);
  expect(signedIn.status).toBe(200);
  expect(await signedIn.json()).toEqual({ redirect_to: "/account" });
  expect(await liveSessions(member.id)).toEqual([{ amr: ["hwk", "user", "mfa"] }]);
  const [stored] = await sql<{ last_used_at: Date | null }>(`SELECT last_used_at FROM passkey WHERE id = $1`, [id]);
  expect(stored!.last_used_at).not.toBeNull();

  const replayed = await answer(browser, assertion);
  await expectRefused(replayed, 400, "passkey_expired");
  expect(await liveSessions(member.id)).toHaveLength(1);
});

test("the challenge is bound to the browser that asked: another browser cannot answer it", async () => {
  const { member, passkey } = await memberWithPasskey("pk-api-bound");
  const asking = new OAuthBrowser();
  const { options } = await askForOptions(asking);
  const assertion = signAssertion(passkey, { challenge: options.challenge, rpId: RP_ID, origin: ORIGIN });
  // A browser with no challenge of its own, and one whose own challenge is another.
  await expectRefused(await answer(new OAuthBrowser(), assertion), 400, "passkey_expired");
  const other = new OAuthBrowser();
  await askForOptions(other);
  await expectRefused(await answer(other, assertion), 401, "passkey_failed");
  expect(await liveSessions(member.id)).toHaveLength(0);
});

test("an answer for another origin, another relying party, without user verification or of another ceremony is refused and logged", async () => {
  const { member, passkey } = await memberWithPasskey("pk-api-bent");
  const bends: Partial<AssertionOptions>[] = [
    { origin: "http://evil.example" },
    { rpId: "evil.example" },
    { userVerified: false },
    { type: "webauthn.create" },
  ];
  for (const bend of bends) {
    await expectRefused(await signIn(new OAuthBrowser(), passkey, bend), 401, "passkey_failed");
  }
  expect(await liveSessions(member.id)).toHaveLength(0);
  const failures = await sql<{ detail: Record<string, unknown> }>(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'sign_in_failed'`, [member.id]);
  expect(failures).toHaveLength(bends.length);
  for (const { detail } of failures) expect(detail).toMatchObject({ method: "passkey", reason: "passkey", passkey: "pk-api-bent key" });
});

test("the counter must grow: an answer at or below the stored one is a copy; a synced passkey that always says 0 keeps working", async () => {
  const { member, passkey, id } = await memberWithPasskey("pk-api-counter", { counter: 5 });
  await expectRefused(await signIn(new OAuthBrowser(), passkey, { counter: 5 }), 401, "passkey_cloned");
  await expectRefused(await signIn(new OAuthBrowser(), passkey, { counter: 2 }), 401, "passkey_cloned");
  const counterOf = async () => (await sql<{ sign_count: string }>(`SELECT sign_count::text FROM passkey WHERE id = $1`, [id]))[0]!.sign_count;
  expect(await counterOf()).toBe("5");
  expect((await signIn(new OAuthBrowser(), passkey, { counter: 6 })).status).toBe(200);
  expect(await counterOf()).toBe("6");
  const [logged] = await sql<{ detail: Record<string, unknown> }>(
    `SELECT detail FROM security_event WHERE user_id = $1 AND type = 'sign_in_failed' ORDER BY created_at LIMIT 1`,
    [member.id],
  );
  expect(logged!.detail).toMatchObject({ reason: "passkey_counter", passkey: "pk-api-counter key" });

  const synced = await memberWithPasskey("pk-api-synced", { synced: true });
  for (let use = 0; use < 2; use++) expect((await signIn(new OAuthBrowser(), synced.passkey, { counter: 0 })).status).toBe(200);
  expect(await liveSessions(synced.member.id)).toEqual([{ amr: ["swk", "user", "mfa"] }, { amr: ["swk", "user", "mfa"] }]);
});

test("an unknown passkey (never registered, or removed) is refused, and failures count against the caller's address", async () => {
  const stranger = newSoftwarePasskey();
  await expectRefused(await signIn(new OAuthBrowser(), stranger), 401, "passkey_unknown");
  // The address's first 50 failures are free; the next is blocked, and says for how long.
  let last: Response | undefined;
  for (let attempt = 2; attempt <= 55; attempt++) {
    last = await signIn(new OAuthBrowser(), stranger);
    if (last.status === 429) break;
  }
  expect(last!.status).toBe(429);
  expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
});

async function passwordStep(browser: OAuthBrowser, member: TestMember): Promise<void> {
  const response = await browser.fetch("/auth/sign-in", { form: { ...(await csrfFields(browser)), email: member.email, password: member.password }, headers: json() });
  expect(await response.json()).toMatchObject({ redirect_to: expect.stringContaining("/sign-in/second-factor") });
}

test("as the second factor: only the member's own passkeys are named and accepted; a sign-in page's challenge does not count", async () => {
  const { member, passkey } = await memberWithPasskey("pk-api-second", { totp: true });
  const other = await memberWithPasskey("pk-api-other");

  // Without a half-finished sign-in there is no second factor to give.
  const stranger = new OAuthBrowser();
  const refused = await stranger.fetch("/auth/passkey/options", { form: { ...(await csrfFields(stranger)), purpose: "second_factor" }, headers: json() });
  await expectRefused(refused, 401, "sign_in_expired");

  const browser = new OAuthBrowser();
  await passwordStep(browser, member);
  const { options } = await askForOptions(browser, "second_factor");
  expect(options.allowCredentials).toEqual([{ id: passkey.credentialId, type: "public-key", transports: ["internal"] }]);
  const foreign = signAssertion(other.passkey, { challenge: options.challenge, rpId: RP_ID, origin: ORIGIN });
  await expectRefused(await answer(browser, foreign, "/auth/second-factor/passkey"), 401, "passkey_failed");

  // A challenge from the sign-in page is not one for this member's second factor.
  await expectRefused(await signIn(browser, passkey, {}, "/auth/second-factor/passkey"), 400, "passkey_expired");
  const second = await askForOptions(browser, "second_factor");
  const own = signAssertion(passkey, { challenge: second.options.challenge, rpId: RP_ID, origin: ORIGIN });
  const done = await answer(browser, own, "/auth/second-factor/passkey");
  expect(done.status).toBe(200);
  expect(await liveSessions(member.id)).toEqual([{ amr: ["pwd", "hwk", "user", "mfa"] }]);
});

test("a malformed answer is refused in the forms' shape and changes nothing", async () => {
  const browser = new OAuthBrowser();
  const { options } = await askForOptions(browser);
  const bodies = ["not json", "{}", JSON.stringify({ id: "a", rawId: "a", type: "public-key", response: {} }), JSON.stringify({ id: "!!", rawId: "!!", type: "public-key", response: { clientDataJSON: "a", authenticatorData: "a", signature: "a" } })];
  for (const credential of bodies) {
    const response = await browser.fetch("/auth/passkey/sign-in", { form: { ...(await csrfFields(browser)), credential }, headers: json() });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe("invalid_request");
    expect(body.error_description).toMatch(/^credential/);
  }
  // The browser's challenge is still waiting: a refused body did not use it up.
  expect(await sql(`SELECT 1 FROM webauthn_challenge WHERE challenge = $1`, [options.challenge])).toHaveLength(1);
});
