import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { identitiesOf, newUpstreamLogin, startUpstream, type Upstream } from "../support/federation.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// "Continue with" and linked accounts in Debian's Chromium, against a real upstream provider (oidc-provider
// on a port the system picks, registered through scripts/federation-providers.ts): a signed-in member links an account
// from Account › Security with the keyboard (the upstream's own login and consent pages, then our
// confirmation page), signs out, signs back in with "Continue with", and removes the link through a
// confirmation. Signed out, an account nobody linked gets an explanation and nothing else.

test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "UTC" });

const PROVIDER = "upstream-portal";
const PROVIDER_NAME = "Upstream Portal";

let upstream: Upstream;
test.beforeAll(async () => {
  upstream = await startUpstream(PROVIDER, PROVIDER_NAME);
});
test.afterAll(async () => {
  await upstream?.close();
});

const main = (page: Page) => page.getByRole("main");
const header = (page: Page) => page.getByRole("banner");
const linkedSection = (page: Page) => main(page).getByRole("region", { name: "Linked accounts" });

/** The upstream's development pages: any login name and password, then "Continue" on its consent page. */
async function signInUpstream(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${upstream.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.locator('input[name="password"]').press("Enter");
  await page.getByRole("button", { name: "Continue" }).click();
}

test("link an account from Security, sign out, sign back in with Continue with, then remove the link", async ({ page }) => {
  const member = await createTestMember("portal-fed");
  const login = newUpstreamLogin("pat");
  await signInOverHttp(page, { email: member.email, password: member.password });

  await page.goto("/account/security");
  await expect(linkedSection(page).getByText("No accounts from other providers are linked.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard only: Tab to "Link your … account" and press Enter; off to the provider.
  const linkButton = linkedSection(page).getByRole("button", { name: `Link your ${PROVIDER_NAME} account` });
  await tabTo(page, linkButton, 80);
  await page.keyboard.press("Enter");
  await signInUpstream(page, login);

  // Back here, the member is asked, on our page, whether to link what they just signed in with.
  await expect(page).toHaveURL(/\/account\/security\/link$/);
  await expect(page.getByRole("heading", { level: 1, name: `Link your ${PROVIDER_NAME} account?` })).toBeVisible();
  await expect(main(page)).toContainText(`You signed in at ${PROVIDER_NAME} as p***@u***.example.`);
  await expect(main(page)).toContainText(member.email);
  await expectNoAxeViolations(page);
  expect(await identitiesOf(member.id)).toEqual([]);
  const confirm = main(page).getByRole("button", { name: "Link account" });
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");

  // Linked: the outcome takes focus, and the card shows the provider and the masked email.
  await expect(page).toHaveURL(/\/account\/security\?federation=linked&provider=upstream-portal/);
  const linkedNotice = linkedSection(page).getByRole("status").filter({ hasText: "is linked" });
  await expect(linkedNotice).toHaveText(`Your ${PROVIDER_NAME} account is linked. Next time you can sign in with “Continue with ${PROVIDER_NAME}”.`);
  await expect(linkedNotice).toBeFocused();
  const card = linkedSection(page).getByRole("article", { name: PROVIDER_NAME });
  await expect(card).toContainText("p***@u***.example");
  await expect(card).toContainText("Last used to sign in");
  await expect(card).toContainText("Never");
  await expect(main(page)).not.toContainText(`${login}@upstream.example`);
  await expectNoAxeViolations(page);
  const [identity] = await identitiesOf(member.id);
  expect(identity).toMatchObject({ provider_id: PROVIDER, issuer: upstream.issuer, subject: login });
  expect(await page.context().cookies().then((cookies) => cookies.map((cookie) => cookie.name))).not.toContain("fed-link");

  // Signed out of both, then back with "Continue with": the provider remembers the member, so straight in.
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await header(page).getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await expectNoAxeViolations(page);
  const continueButton = page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` });
  await tabTo(page, continueButton);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account$/);
  await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
  const [session] = await sql<{ amr: string[] }>(`SELECT amr FROM session WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`, [member.id]);
  expect(session?.amr).toEqual(["fed"]);

  await page.goto("/account/security");
  await expect(card.getByText("Never")).toHaveCount(0);
  await expect(main(page).getByRole("region", { name: "Recent security activity" })).toContainText(`Signed in with ${PROVIDER_NAME}`);

  // Remove, through the confirmation; focus returns to the section's heading.
  await card.getByRole("button", { name: `Remove your ${PROVIDER_NAME} account` }).click();
  const dialog = page.getByRole("dialog", { name: `Unlink your ${PROVIDER_NAME} account?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toBeHidden();
  await expect(linkedSection(page).getByRole("status").filter({ hasText: "no longer linked" })).toHaveText(`Your ${PROVIDER_NAME} account is no longer linked.`);
  await expect(linkedSection(page).getByText("No accounts from other providers are linked.")).toBeVisible();
  await expect(linkedSection(page).getByRole("heading", { name: "Linked accounts" })).toBeFocused();
  expect(await identitiesOf(member.id)).toEqual([]);
});

test("Cancel on the confirmation page links nothing", async ({ page }) => {
  const member = await createTestMember("portal-fed-cancel");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.goto("/account/security");
  await linkedSection(page).getByRole("button", { name: `Link your ${PROVIDER_NAME} account` }).click();
  await signInUpstream(page, newUpstreamLogin("quinn"));
  await expect(page.getByRole("heading", { level: 1, name: `Link your ${PROVIDER_NAME} account?` })).toBeVisible();
  await main(page).getByRole("button", { name: "Cancel" }).click();
  await expect(linkedSection(page).getByRole("status").filter({ hasText: "Nothing was linked." })).toBeFocused();
  expect(await identitiesOf(member.id)).toEqual([]);
  expect(await sql(`SELECT 1 FROM federated_link_code WHERE user_id = $1`, [member.id])).toEqual([]);

  // The confirmation page, opened again, has nothing left to link.
  await page.goto("/account/security/link");
  await expect(page.getByRole("heading", { level: 1, name: "Nothing to link" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("signed out, an account nobody linked creates and links nothing, and the sign-in page says so", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await header(page).getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
  const login = newUpstreamLogin("stranger");
  await signInUpstream(page, login);

  await expect(page).toHaveURL(/\/sign-in\?request=[^&]+&error=federation_not_linked$/);
  const alert = main(page).getByRole("alert").filter({ hasText: "isn’t linked" });
  await expect(alert).toHaveText(
    "That account isn’t linked to an account here yet, so nothing was created or linked. Sign in with your email and password, then link it under Account › Security.",
  );
  await expect(alert).toBeFocused();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  expect(await sql(`SELECT 1 FROM account WHERE email = $1`, [`${login}@upstream.example`])).toEqual([]);
  expect(await sql(`SELECT 1 FROM federated_identity WHERE subject = $1`, [login])).toEqual([]);
});

test("at 375 px the Security section and the confirmation page need no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const member = await createTestMember("portal-fed-narrow");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.goto("/account/security");
  await expect(linkedSection(page)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await linkedSection(page).getByRole("button", { name: `Link your ${PROVIDER_NAME} account` }).click();
  await signInUpstream(page, newUpstreamLogin("narrow"));
  await expect(page.getByRole("heading", { level: 1, name: `Link your ${PROVIDER_NAME} account?` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await main(page).getByRole("button", { name: "Link account" }).click();
  await expect(linkedSection(page).getByRole("article", { name: PROVIDER_NAME })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
