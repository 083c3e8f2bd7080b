import { expect, test } from "@playwright/test";
import { authorizationCodeGrant } from "openid-client";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { DEMO_CLIENT, relyingParty, startAuthorization } from "../support/oauth-client.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { APP_CALLBACK, holdInAuthenticator, playTheApp, seedPasskey, withoutPasskeyAutofill } from "../support/passkeys.ts";
import { PASSKEY_BASE_URL } from "../support/test-env.ts";
import { addVirtualAuthenticator } from "../support/virtual-authenticator.ts";

// Passkey sign-in in Chromium with its virtual authenticator, at the localhost test server (docs/decisions/0021).


async function latestEvent(userId: string, type: string): Promise<Record<string, unknown> | null> {
  const [row] = await sql<{ detail: Record<string, unknown> | null }>(
    `SELECT detail FROM security_event WHERE user_id = $1 AND type = $2 ORDER BY created_at DESC LIMIT 1`,
    [userId, type],
  );
  return row ? (row.detail ?? {}) : null;
}

async function storedPasskey(id: string) {
  const [row] = await sql<{ sign_count: string; last_used_at: Date | null }>(`SELECT sign_count::text, last_used_at FROM passkey WHERE id = $1`, [id]);
  return row;
}

test("a member signs in to an app with a passkey: the app's ID token says how (amr hwk, user, mfa)", async ({ page }) => {
  const member = await createTestMember("passkey-app");
  const authenticator = await addVirtualAuthenticator(page);
  const seeded = await seedPasskey(authenticator, member, { name: "Anna’s phone" });

  const config = await relyingParty(DEMO_CLIENT, "client_secret_basic", PASSKEY_BASE_URL);
  const { url, verifier, state, nonce } = await startAuthorization(config, { scope: "openid profile email" });
  await playTheApp(page);
  await withoutPasskeyAutofill(page);
  await page.goto(url.href);
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await expect(page.locator('input[name="email"]')).toHaveAttribute("autocomplete", "username webauthn");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(APP_CALLBACK);

  const tokens = await authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  const claims = tokens.claims()!;
  expect(claims.sub).toBe(member.id);
  expect(claims.amr).toEqual(["hwk", "user", "mfa"]);
  expect(claims.acr).toBe("multi-factor");

  // The authenticator counted the use and the server kept its counter, and when it was last used.
  const [credential] = await authenticator.credentials();
  const stored = await storedPasskey(seeded.id);
  expect(Number(stored!.sign_count)).toBe(credential!.signCount);
  expect(credential!.signCount).toBeGreaterThan(0);
  expect(stored!.last_used_at).not.toBeNull();
  expect(await latestEvent(member.id, "sign_in")).toMatchObject({ method: "passkey", passkey: "Anna’s phone", amr: ["hwk", "user", "mfa"] });
});

test("the email field offers the member's passkeys (conditional mediation): choosing one signs in", async ({ page }) => {
  const member = await createTestMember("passkey-autofill");
  // The virtual authenticator answers a conditional request as a member picking the suggestion would.
  await seedPasskey(await addVirtualAuthenticator(page), member, { name: "Autofill phone" });
  await page.goto("/sign-in?return_to=/account/security");
  await expect(page).toHaveURL((url) => url.pathname === "/account/security");
  expect(await latestEvent(member.id, "sign_in")).toMatchObject({ method: "passkey", passkey: "Autofill phone" });
});

test("a cloned authenticator is refused: its counter is not above the one last seen", async ({ browser }) => {
  const member = await createTestMember("passkey-clone");
  const original = await browser.newPage();
  const seeded = await seedPasskey(await addVirtualAuthenticator(original), member, { name: "Old key" });
  await withoutPasskeyAutofill(original);
  await original.goto("/sign-in");
  await original.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(original).toHaveURL(/\/account$/);
  const afterFirstUse = await storedPasskey(seeded.id);
  expect(Number(afterFirstUse!.sign_count)).toBeGreaterThan(0);

  // The same private key in a second authenticator whose counter starts again from zero.
  const copy = await browser.newPage();
  await holdInAuthenticator(await addVirtualAuthenticator(copy), { ...seeded.passkey, counter: 0 });
  await withoutPasskeyAutofill(copy);
  await copy.goto("/sign-in");
  await copy.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(copy.getByRole("alert").filter({ hasText: "it looks like a copy" })).toBeVisible();
  await expect(copy).toHaveURL(/\/sign-in/);
  expect(await storedPasskey(seeded.id)).toEqual(afterFirstUse);
  expect(await latestEvent(member.id, "sign_in_failed")).toMatchObject({ method: "passkey", reason: "passkey_counter", passkey: "Old key" });
  const sessions = await sql(`SELECT 1 FROM session WHERE user_id = $1`, [member.id]);
  expect(sessions).toHaveLength(1);
  await original.close();
  await copy.close();
});

test("a removed passkey no longer signs in, and the member is told how to get back in", async ({ page }) => {
  const member = await createTestMember("passkey-removed");
  const seeded = await seedPasskey(await addVirtualAuthenticator(page), member);
  await sql(`DELETE FROM passkey WHERE id = $1`, [seeded.id]);
  // Offered in the email field's autofill, as the phone still holds it: choosing it is refused.
  await page.goto("/sign-in");
  await expect(page.getByRole("alert").filter({ hasText: "That passkey isn’t registered here any more." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await sql(`SELECT 1 FROM session WHERE user_id = $1`, [member.id])).toHaveLength(0);
});

test("after a password, a passkey can be the second factor instead of the authenticator app", async ({ page }) => {
  const member = await createTestMember("passkey-second", { totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/sign-in");
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  // The phone comes out only now: on /sign-in its passkey would have been offered in the email field's autofill.
  await seedPasskey(await addVirtualAuthenticator(page, { backup: true }), member, { name: "Synced passkey", synced: true });
  await page.reload();
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await latestEvent(member.id, "sign_in")).toMatchObject({ method: "passkey", passkey: "Synced passkey", amr: ["pwd", "swk", "user", "mfa"] });
});

test("a member without a passkey is not offered one as the second factor", async ({ page }) => {
  const member = await createTestMember("passkey-none", { totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/sign-in");
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  await expect(page.locator('input[name="code"]')).toBeVisible();
  await expect(page.getByRole("button", { name: "Use a passkey instead" })).toHaveCount(0);
});

test("the sign-in pages with passkeys, at 1280 and 375 px", async ({ page }) => {
  const member = await createTestMember("passkey-screens", { totpSecret: DEMO_TOTP_SECRET });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/sign-in-passkey-${width}.png`, fullPage: true });
  }
  // A refusal in place: a phone whose passkey was removed, offered in the email field's autofill.
  const authenticator = await addVirtualAuthenticator(page);
  const removed = await seedPasskey(authenticator, member);
  await sql(`DELETE FROM passkey WHERE id = $1`, [removed.id]);
  await page.goto("/sign-in");
  await expect(page.getByRole("alert").filter({ hasText: "isn’t registered here any more" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/sign-in-passkey-refused-375.png", fullPage: true });

  // The second factor, with a passkey the member still has (and no autofill on /sign-in to sign in with it first).
  await authenticator.removeCredential(Buffer.from(removed.passkey.credentialId, "base64url").toString("base64"));
  await page.context().clearCookies();
  await withoutPasskeyAutofill(page);
  await seedPasskey(authenticator, member, { name: "Screens phone" });
  await page.goto("/sign-in");
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("button", { name: "Use a passkey instead" })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/second-factor-passkey-${width}.png`, fullPage: true });
  }
});
