import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { messagesTo } from "../support/outbox.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { expirePortalAccessToken, signInOverHttp } from "../support/portal.ts";
import { PASSKEY_PORTAL_CLIENT_ID } from "../support/test-env.ts";
import { addVirtualAuthenticator } from "../support/virtual-authenticator.ts";

/**
 * Issue 18: a member adds, names, renames and removes passkeys on /account/security, in Chromium with its
 * virtual authenticator (a platform authenticator with discoverable credentials and user verification), at
 * the localhost origin where the browser offers WebAuthn. The authenticator must end up holding a
 * discoverable credential for rp id "localhost" whose user handle is the member's (their account id's 16
 * bytes); the database the passkey, the security log an entry for each change.
 */

const main = (page: Page) => page.getByRole("main");
const passkeys = (page: Page) => main(page).getByRole("region", { name: "Passkeys" });
const securityLog = (page: Page) => main(page).getByRole("region", { name: "Recent security activity" });
const nameField = (page: Page) => passkeys(page).getByRole("textbox", { name: "Name for this passkey" });

interface PasskeyRow {
  credential_id: string;
  name: string;
  device_type: string;
  backed_up: boolean;
  transports: string[];
  sign_count: string;
  aaguid: string;
  key_bytes: number;
}

const passkeyRows = (member: TestMember) =>
  sql<PasskeyRow>(
    `SELECT credential_id, name, device_type, backed_up, transports, sign_count::text, aaguid, octet_length(public_key) AS key_bytes
       FROM passkey WHERE user_id = $1 ORDER BY created_at, id`,
    [member.id],
  );

/** The member's user handle as the DevTools Protocol spells it: standard base64 of the account id's 16 bytes. */
const userHandleOf = (member: TestMember) => Buffer.from(member.id.replace(/-/g, ""), "hex").toString("base64");
const base64url = (standard: string) => Buffer.from(standard, "base64").toString("base64url");

async function openSecurityPage(page: Page) {
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await expect(passkeys(page).getByRole("button", { name: "Add a passkey" })).toBeEnabled();
}

/** "Add a passkey", a name, Continue: the browser's prompt is the virtual authenticator's, answered at once. */
async function addPasskey(page: Page, name: string) {
  await passkeys(page).getByRole("button", { name: "Add a passkey" }).click();
  await expect(nameField(page)).toBeFocused();
  await nameField(page).fill(name);
  await passkeys(page).getByRole("button", { name: "Continue" }).click();
}

async function signedInWithAuthenticator(page: Page, label: string, options: { backup?: boolean } = {}) {
  const member = await createTestMember(label);
  const authenticator = await addVirtualAuthenticator(page, options);
  await signInOverHttp(page, member);
  await openSecurityPage(page);
  return { member, authenticator };
}

test("a member adds a passkey, cannot add the same authenticator twice, renames it and removes it; the log says each", async ({ page }) => {
  const { member, authenticator } = await signedInWithAuthenticator(page, "pk-manage");
  await expect(passkeys(page).getByText("You have no passkeys yet.")).toBeVisible();

  // The name field comes filled with the browser and device, in the sessions list's words.
  await passkeys(page).getByRole("button", { name: "Add a passkey" }).click();
  await expect(nameField(page)).toHaveValue(/^Chrome on /);
  await passkeys(page).getByRole("button", { name: "Cancel" }).click();
  await expect(passkeys(page).getByRole("button", { name: "Add a passkey" })).toBeFocused();

  await addPasskey(page, "  Work laptop  ");
  await expect(passkeys(page).getByRole("status")).toHaveText("Passkey “Work laptop” added. Next time you sign in, you can use it instead of your password.");
  await expect(passkeys(page).getByRole("heading", { name: "Passkeys" })).toBeFocused();
  const card = passkeys(page).getByRole("article", { name: "Work laptop" });
  await expect(card).toContainText("Last used");
  await expect(card).toContainText("Never");
  await expect(card).toContainText("On this device only");

  // The authenticator holds a discoverable credential for this relying party, for this member.
  const [credential, ...others] = await authenticator.credentials();
  expect(others).toEqual([]);
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost", userHandle: userHandleOf(member) });
  // The database holds its id, COSE public key and flags; the name trimmed.
  const rows = await passkeyRows(member);
  expect(rows).toEqual([
    {
      credential_id: base64url(credential!.credentialId),
      name: "Work laptop",
      device_type: "singleDevice",
      backed_up: false,
      transports: expect.any(Array),
      sign_count: expect.stringMatching(/^\d+$/),
      aaguid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key_bytes: expect.any(Number),
    },
  ]);
  // A COSE key: at least a 32-byte Ed25519 key with its labels (an ES256 one is longer).
  expect(rows[0]!.key_bytes).toBeGreaterThan(32);
  // The member is told by email.
  const notices = (await messagesTo(member.email)).filter((message) => message.subject?.startsWith("A passkey was added"));
  expect(notices).toHaveLength(1);
  expect(notices[0]!.body).toContain("A passkey, Work laptop, was added to your account");

  // The same authenticator again: the browser refuses (excludeCredentials), and the page says why.
  await addPasskey(page, "Work laptop again");
  await expect(passkeys(page).getByRole("alert")).toHaveText(
    "This device already has a passkey for your account, so there’s no need to add another here. Use it to sign in, or add one on another device.",
  );
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(await passkeyRows(member)).toHaveLength(1);
  await passkeys(page).getByRole("button", { name: "Cancel" }).click();

  // Rename in place: the field holds the current name; an empty one is refused on the page.
  await card.getByRole("button", { name: "Rename Work laptop" }).click();
  const newName = card.getByRole("textbox", { name: "New name" });
  await expect(newName).toBeFocused();
  await expect(newName).toHaveValue("Work laptop");
  await newName.fill("   ");
  await card.getByRole("button", { name: "Save name" }).click();
  await expect(newName).toHaveAccessibleDescription(/Enter a name for the passkey\./);
  await newName.fill("Anna’s laptop");
  await card.getByRole("button", { name: "Save name" }).click();
  await expect(passkeys(page).getByRole("status")).toHaveText("Passkey renamed to “Anna’s laptop”.");
  const renamed = passkeys(page).getByRole("article", { name: "Anna’s laptop" });
  await expect(renamed.getByRole("button", { name: "Rename Anna’s laptop" })).toBeFocused();
  expect((await passkeyRows(member)).map((row) => row.name)).toEqual(["Anna’s laptop"]);

  // Remove, confirmed.
  await renamed.getByRole("button", { name: "Remove Anna’s laptop" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the passkey “Anna’s laptop”?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(passkeys(page).getByRole("status")).toHaveText(
    "Passkey “Anna’s laptop” removed. It can no longer sign you in; you can also delete it from your device or password manager.",
  );
  await expect(passkeys(page).getByRole("article")).toHaveCount(0);
  await expect(passkeys(page).getByText("You have no passkeys yet.")).toBeVisible();
  expect(await passkeyRows(member)).toEqual([]);

  // The security log, refreshed after each change.
  await expect(securityLog(page)).toContainText("Passkey added: Work laptop");
  await expect(securityLog(page)).toContainText("Passkey renamed: Work laptop → Anna’s laptop");
  await expect(securityLog(page)).toContainText("Passkey removed: Anna’s laptop");
  const events = await sql<{ type: string; detail: unknown }>(
    `SELECT type, detail FROM security_event WHERE user_id = $1 AND type LIKE 'passkey_%' ORDER BY created_at, id`,
    [member.id],
  );
  expect(events).toEqual([
    { type: "passkey_added", detail: { name: "Work laptop" } },
    { type: "passkey_renamed", detail: { name: "Anna’s laptop", previous_name: "Work laptop" } },
    { type: "passkey_removed", detail: { name: "Anna’s laptop" } },
  ]);
});

test("cancelling the browser's prompt adds nothing and says so", async ({ page }) => {
  const { member, authenticator } = await signedInWithAuthenticator(page, "pk-cancel");
  // An authenticator that cannot verify the member: Chromium answers NotAllowedError, as for a cancelled prompt.
  await authenticator.setUserVerified(false);
  await addPasskey(page, "Phone");
  await expect(passkeys(page).getByRole("alert")).toHaveText("No passkey was added: the request was cancelled or timed out. Try again when you’re ready.");
  expect(await passkeyRows(member)).toEqual([]);
  // The waiting challenge of the abandoned attempt is replaced by the next one, which works.
  await authenticator.setUserVerified(true);
  await passkeys(page).getByRole("button", { name: "Continue" }).click();
  await expect(passkeys(page).getByRole("article", { name: "Phone" })).toBeVisible();
  expect(await passkeyRows(member)).toHaveLength(1);
});

test("two passkeys, one synced: the page at 1280 and 375 px", async ({ page }) => {
  const { member, authenticator } = await signedInWithAuthenticator(page, "pk-screens");
  await addPasskey(page, "Anna’s iPhone");
  await expect(passkeys(page).getByRole("article", { name: "Anna’s iPhone" })).toBeVisible();
  // A second authenticator, synced (backup eligible and backed up), as a password manager's passkey is.
  await authenticator.remove();
  await addVirtualAuthenticator(page, { backup: true });
  await addPasskey(page, "Family laptop");
  const synced = passkeys(page).getByRole("article", { name: "Family laptop" });
  await expect(synced).toContainText("Synced across your devices");
  const rows = await passkeyRows(member);
  expect(rows.map((row) => [row.name, row.device_type, row.backed_up])).toEqual([
    ["Anna’s iPhone", "singleDevice", false],
    ["Family laptop", "multiDevice", true],
  ]);

  await page.reload();
  await expect(passkeys(page).getByRole("article")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/passkeys-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/passkeys-375.png", fullPage: true });
  await passkeys(page).getByRole("button", { name: "Add a passkey" }).click();
  await passkeys(page).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/passkeys-add-375.png", fullPage: true });
});

test("adding a passkey after an older sign-in: Confirm it's you, then back to the page, where it is added", async ({ page }) => {
  const { member } = await signedInWithAuthenticator(page, "pk-step-up");
  // The portal's sign-in happened an hour ago as far as its grant knows; its next access token says so.
  await sql(`UPDATE oauth_grant SET auth_time = now() - interval '1 hour' WHERE user_id = $1 AND client_id = $2`, [member.id, PASSKEY_PORTAL_CLIENT_ID]);
  await expirePortalAccessToken(page.context());

  await addPasskey(page, "Phone");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it’s you" })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(member.email);
  expect(await passkeyRows(member)).toEqual([]);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/account\/security$/);

  await expect(passkeys(page).getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  await addPasskey(page, "Phone");
  await expect(passkeys(page).getByRole("article", { name: "Phone" })).toBeVisible();
  expect((await passkeyRows(member)).map((row) => row.name)).toEqual(["Phone"]);
});
