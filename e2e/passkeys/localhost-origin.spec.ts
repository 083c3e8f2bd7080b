import { expect, test } from "@playwright/test";
import { PASSKEY_BASE_URL } from "../support/test-env.ts";
import { SEEDED } from "../support/oauth-accounts.ts";
import { signInThroughPortal } from "../support/portal.ts";

// The passkey server (e2e/support/test-env.ts): a localhost origin whose portal signs in through its own
// client, and where the browser offers WebAuthn (it refuses it on an IP address).
test("the portal signs in at the localhost origin, where the browser offers passkeys", async ({ page }) => {
  await signInThroughPortal(page, { email: SEEDED.member });
  expect(new URL(page.url()).origin).toBe(PASSKEY_BASE_URL);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const offered = await page.evaluate(() => typeof PublicKeyCredential === "function" && window.isSecureContext);
  expect(offered).toBe(true);
});
