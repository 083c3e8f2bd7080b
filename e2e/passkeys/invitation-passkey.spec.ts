import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { authorizationCodeGrant } from "openid-client";
import { sql } from "../support/database.ts";
import { insertRecord } from "../support/membership.ts";
import { DEMO_CLIENT, relyingParty, startAuthorization } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { APP_CALLBACK, playTheApp, withoutPasskeyAutofill } from "../support/passkeys.ts";
import { PASSKEY_BASE_URL } from "../support/test-env.ts";
import { addVirtualAuthenticator } from "../support/virtual-authenticator.ts";

// An invitation accepted with a passkey (issue 40), in Chromium with its virtual authenticator at the
// localhost origin where the browser offers WebAuthn: the person's name is filled in, "Make my account with a
// passkey" asks the device, and the account is made with that passkey and no password, linked to the record
// and its household at once; the same passkey then signs them in. Screenshots at 1280 and 375 px.

const main = (page: Page) => page.getByRole("main");

/** An invitation of the record, as staff sending one would make it: its link's token, kept only as its SHA-256. */
async function invite(record: { id: string; email: string | null }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await sql(`INSERT INTO invitation (record_id, email, token_hash, status, expires_at) VALUES ($1, $2, $3, 'sent', now() + interval '14 days')`, [
    record.id,
    record.email,
    createHash("sha256").update(token).digest("base64url"),
  ]);
  return token;
}

test("the invitation's page makes the account with a passkey, linked to the record, and the passkey signs them in", async ({ page }) => {
  const email = `${randomBytes(6).toString("hex")}@passkey-invite.example`;
  const record = await insertRecord({ email });
  const token = await invite({ id: record.id, email });
  const authenticator = await addVirtualAuthenticator(page);
  await withoutPasskeyAutofill(page);

  await page.goto(`/invitation#${token}`);
  await expect(main(page).getByText(`Welcome, ${record.givenName} ${record.familyName}.`)).toBeVisible();
  const passkeyWay = main(page).getByRole("region", { name: "Or use a passkey" });
  await expect(passkeyWay).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/invitation-passkey-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/invitation-passkey-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await passkeyWay.getByRole("button", { name: "Make my account with a passkey" }).click();
  await expect(main(page).getByRole("status")).toContainText("Your account is ready. Sign in with your passkey");

  const [account] = await sql<{ id: string; password_hash: string | null; email_verified: boolean; linked: string | null }>(
    `SELECT a.id::text, a.password_hash, a.email_verified_at IS NOT NULL AS email_verified, m.linked_user_id::text AS linked
       FROM account a LEFT JOIN membership_record m ON m.id = $2 WHERE a.email = $1`,
    [email, record.id],
  );
  expect(account).toMatchObject({ password_hash: null, email_verified: true, linked: account!.id });
  const [credential] = await authenticator.credentials();
  expect(credential?.userHandle && Buffer.from(credential.userHandle, "base64").toString("hex")).toBe(account!.id.replace(/-/g, ""));
  expect(await sql(`SELECT 1 FROM passkey WHERE user_id = $1`, [account!.id])).toHaveLength(1);

  // The passkey is their way in: an app's sign-in, answered by the device, says it is this account.
  const config = await relyingParty(DEMO_CLIENT, "client_secret_basic", PASSKEY_BASE_URL);
  const { url, verifier, state, nonce } = await startAuthorization(config, { scope: "openid email" });
  await playTheApp(page);
  await page.goto(url.href);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(APP_CALLBACK);
  const tokens = await authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  expect(tokens.claims()).toMatchObject({ sub: account!.id, amr: ["hwk", "user", "mfa"] });
});
