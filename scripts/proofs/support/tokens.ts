/**
 * A member's tokens from a running server, obtained the way a client gets them: the authorization code
 * flow with PKCE through the server's own pages (e2e/support/oauth-browser.ts), with the seeded second factor
 * where the account has one, then the token endpoint with the client's credentials: the demo client's (a
 * third-party app: profile claims only), or the portal's for account control and staff rights (first-party
 * clients only, docs/decisions/0017 and 0018). `authorizeOn` and `tokenOn` may be different servers.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { generate } from "otplib";
import { DEMO_APP, OAuthBrowser, hiddenInputs } from "../../../e2e/support/oauth-browser.ts";
import { DEMO_TOTP_SECRET, TWO_STEP_ACCOUNTS, DEMO_ACCOUNTS } from "../../../lib/demo/seed-identity.ts";
import { PORTAL_SCOPES } from "../../../lib/oauth/clients/portal-scopes.ts";
import { PROOFS_APP_SECRET } from "./config.ts";

export interface OAuthClient {
  id: string;
  secret: string;
  redirectUri: string;
}

export const DEMO_CLIENT: OAuthClient = { id: DEMO_APP.id, secret: DEMO_APP.secret, redirectUri: DEMO_APP.redirectUri };

/** The portal's first-party client as the seed registers it (lib/oauth/clients/portal-client.ts), on `baseUrl`. */
export function portalClient(baseUrl: string): OAuthClient {
  const key = Buffer.from(hkdfSync("sha256", PROOFS_APP_SECRET, "church-identity", "portal-client-secret", 32));
  return { id: "portal", secret: createHmac("sha256", key).update("portal").digest("base64url"), redirectUri: `${baseUrl}/api/auth/callback/church` };
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope: string;
}

export const DEMO_PASSWORD = "demo-password";

/** Everything the portal asks for: account control and staff rights, which only first-party clients hold (docs/decisions/0018). */
export const PORTAL_SCOPE = PORTAL_SCOPES.join(" ");

const TWO_STEP_EMAILS = new Set<string>(TWO_STEP_ACCOUNTS.map((key) => DEMO_ACCOUNTS[key].email));
/** The last 30-second step whose code each demo account used: a code is accepted once per account. */
const lastStep = new Map<string, number>();

/** The seeded second factor of a demo account with two-step sign-in (staff tools need it), a step it has not used. */
async function secondFactorOf(email: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > (lastStep.get(email) ?? -1)) {
      lastStep.set(email, step);
      return generate({ secret: DEMO_TOTP_SECRET, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export function basicAuth(id: string = DEMO_APP.id, secret: string = DEMO_APP.secret): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

export async function tokenRequest(
  baseUrl: string,
  form: Record<string, string>,
  client: OAuthClient = DEMO_CLIENT,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(client.id, client.secret) },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs `email` in on `authorizeOn` and exchanges the code on `tokenOn`. */
export async function signInForTokens(
  authorizeOn: string,
  email: string,
  tokenOn = authorizeOn,
  scope = "openid profile email offline_access",
  client: OAuthClient = DEMO_CLIENT,
): Promise<Tokens> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL("/oauth/authorize", authorizeOn);
  const query = {
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirectUri,
    scope,
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const browser = new OAuthBrowser(authorizeOn);
  // The portal's redirect URI is on the server itself: the walk ends there, as at any client's.
  const secondFactor = TWO_STEP_EMAILS.has(email) ? () => secondFactorOf(email) : undefined;
  const outcome = await browser.authorize(url, { account: { email, password: DEMO_PASSWORD, secondFactor }, ownRedirectUri: client.redirectUri });
  if (!outcome.code) throw new Error(`no code for ${email}:\n  ${outcome.trail.join("\n  ")}`);
  const answer = await tokenRequest(tokenOn, { grant_type: "authorization_code", code: outcome.code, redirect_uri: client.redirectUri, code_verifier: verifier }, client);
  if (answer.status !== 200) throw new Error(`code exchange answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as Tokens;
}

/** The portal's tokens for `email`: every account area, and staff rights where the member's roles give them. */
export function portalTokens(authorizeOn: string, email: string, issuer = authorizeOn, tokenOn = authorizeOn): Promise<Tokens> {
  return signInForTokens(authorizeOn, email, tokenOn, PORTAL_SCOPE, portalClient(issuer));
}

/**
 * A lobby kiosk tablet's access token (docs/decisions/0023): the kiosk client asks for a device code, the
 * check-in volunteer signs in on `baseUrl` and allows it at /device, and the device's poll gets the tokens.
 */
export async function kioskTokens(baseUrl: string, clientId: string, volunteerEmail: string): Promise<Tokens> {
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form), signal: AbortSignal.timeout(30_000) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const started = await post("/oauth/device_authorization", { client_id: clientId, scope: "openid check-in:kiosk" });
  if (started.status !== 200) throw new Error(`the kiosk's device authorization answered ${started.status} ${JSON.stringify(started.body)}`);
  const volunteer = new OAuthBrowser(baseUrl);
  await (await volunteer.postSignIn(null, volunteerEmail, DEMO_PASSWORD)).body?.cancel();
  const typed = await volunteer.post("/auth/device", { ...hiddenInputs((await volunteer.page("/device")).html), user_code: String(started.body.user_code) });
  await volunteer.post("/auth/device/decision", { ...hiddenInputs((await volunteer.page(typed)).html), decision: "allow" });
  const polled = await post("/oauth/token", { client_id: clientId, grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: String(started.body.device_code) });
  if (polled.status !== 200) throw new Error(`the kiosk's poll answered ${polled.status} ${JSON.stringify(polled.body)}`);
  return polled.body as unknown as Tokens;
}
