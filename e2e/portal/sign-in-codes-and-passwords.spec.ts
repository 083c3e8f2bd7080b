import { expect, test, type Page } from "@playwright/test";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { latestCodeFor } from "../support/outbox.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";

// "Email me a code" from the sign-in page, through the portal's own authorization code flow, and the
// new-password strength meter on the register and reset pages, in Debian's Chromium: axe, phones (375 px)
// and screenshots at 1280 and 375 in test-results/screens.

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test("a member signs in to the portal with a code sent by email instead of a password", async ({ page }) => {
  const member = await createTestMember("portal-code");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await page.getByLabel("Email address").fill(member.email);
  const emailMe = page.getByRole("button", { name: "Email me a code instead" });
  await expect(emailMe).toBeVisible();
  await shoot(page, "sign-in-email-code-button-1280");
  // No password typed: the button skips the browser's required-field check.
  await emailMe.click();

  await expect(page).toHaveURL(/\/sign-in\/email-code\/verify\?request=/);
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`If ${member.email} has an account here, we sent a 6-digit code to it.`);
  await expectNoAxeViolations(page);
  await shoot(page, "sign-in-email-code-verify-1280");

  // A wrong code is said in place, and focus goes to the field.
  const code = page.getByLabel("6-digit code");
  const right = await latestCodeFor(member.email);
  await code.fill(right === "000000" ? "000001" : "000000");
  await code.press("Enter");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That code isn’t right. Check the newest message we sent you and try again. You have 4 more tries.");
  await expect(code).toBeFocused();
  await shoot(page, "sign-in-email-code-wrong-1280");

  await code.fill(right);
  await code.press("Enter");
  // Through the parked authorization request back to the portal, signed in.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("on a phone: the sign-in page's code button and both code pages fit, without JavaScript too", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    // A member each: the address's 30-second cool-down would refuse the second run's code.
    const member = await createTestMember("portal-code-phone");
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
    const page = await context.newPage();
    const suffix = javaScriptEnabled ? "" : "-nojs";
    await page.goto("/sign-in");
    await expectNoSidewaysScroll(page);
    // The passkey button needs JavaScript: without it, it is not offered.
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    else await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    await shoot(page, `sign-in-375${suffix}`);
    // Without an address: asked for it in place with JavaScript, on the code page without.
    await page.getByRole("button", { name: "Email me a code instead" }).click();
    // The form's own message (the passkey button below it has a region of its own).
    await expect(page.getByRole("main").locator("form").getByRole("alert")).toHaveText("Enter your email address, like name@example.org.");
    if (javaScriptEnabled) {
      await expect(page.getByLabel("Email address")).toBeFocused();
      await shoot(page, "sign-in-email-code-no-address-375");
      await page.goto("/sign-in/email-code");
    } else {
      await expect(page).toHaveURL(/\/sign-in\/email-code\?error=invalid_request&field=email$/);
    }
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await shoot(page, `sign-in-email-code-375${suffix}`);
    await page.getByLabel("Email address").fill(member.email);
    await page.getByRole("button", { name: "Email me a code", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, `sign-in-email-code-verify-375${suffix}`);
    // Asking again at once: the cool-down is said plainly.
    await page.getByRole("button", { name: "send a new code" }).click();
    await expect(page.getByRole("main").getByRole("alert").or(page.getByRole("status"))).toContainText(/Try again in \d+ seconds|We just sent a code/);
    await context.close();
  }
});

test("the register page's meter says how strong the password is and why, politely, in words as well as colour", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Priscilla");
  await page.getByLabel("Last name").fill("Quill");
  await page.getByLabel("Email address").fill(uniqueEmail("portal-meter"));
  const password = page.getByLabel("Choose a password");
  await password.fill("passw");
  await expect(page.getByText("5 of at least 8 characters. A few unrelated words make a strong password.", { exact: true })).toBeVisible();

  await password.fill("password");
  await expect(page.getByText("Too easy to guess", { exact: true })).toBeVisible();
  const why = page.getByText("This is one of the 10 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.", { exact: true });
  await expect(why).toBeVisible();
  // The sentence describes the field, and a polite live region says it once typing pauses.
  await expect(password).toHaveAccessibleDescription(/This is one of the 10 most used passwords/);
  await expect(page.locator('[aria-live="polite"]')).toHaveText(/^Password strength: Too easy to guess\. This is one of the 10 most used passwords/);
  await expectNoAxeViolations(page);
  await shoot(page, "register-meter-common-1280");

  // The server refuses it too, with the same sentence.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This is one of the 10 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.");
  await expect(password).toBeFocused();

  await password.fill("PriscillaQuill");
  await expect(page.getByText("Don’t use your name or email address in your password.").first()).toBeVisible();
  await password.fill("four quiet otters");
  await expect(page.getByText("Strong", { exact: true })).toBeVisible();
  await expect(page.getByText("Nothing more to do: this is a strong password.", { exact: true })).toBeVisible();
  // Editing the refused password took the server's refusal away: the page never says two things at once.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("");
  await shoot(page, "register-meter-strong-1280");

  await page.setViewportSize({ width: 375, height: 740 });
  await password.fill("demo-password");
  await expect(page.getByText("Fair", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, "register-meter-fair-375");
  await password.fill("aaaaaaaaaa");
  await expect(page.getByText('Repeated characters like "aaa" are easy to guess. Add another word or two: longer is stronger.').first()).toBeVisible();
  await shoot(page, "register-meter-repeat-375");
});

test("the reset page has the meter too, and without JavaScript the server's reason is shown", async ({ page, browser }) => {
  const member = await createTestMember("portal-reset-meter");
  await page.goto("/forgot-password");
  await page.getByLabel("Email address").fill(member.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(await latestCodeFor(member.email));
  const password = page.getByLabel("New password");
  await password.fill("iloveyou");
  await expect(page.getByText("This is one of the 100 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "reset-meter-common-1280");
  await page.setViewportSize({ width: 375, height: 740 });
  await password.fill("a quiet otter by the harbour");
  await expect(page.getByText("Strong", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, "reset-meter-strong-375");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=password_changed/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto("/register");
  await plain.getByLabel("First name").fill("Priscilla");
  await plain.getByLabel("Last name").fill("Quill");
  await plain.getByLabel("Email address").fill(uniqueEmail("portal-meter-nojs"));
  await plain.getByLabel("Choose a password").fill("password");
  await plain.getByRole("button", { name: "Create account" }).click();
  await expect(plain).toHaveURL(/\/register\?error=invalid_request&field=password&reason=common/);
  await expect(plain.getByRole("main").getByRole("alert")).toHaveText("This is one of the most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.");
  await shoot(plain, "register-refused-nojs-1280");
  await context.close();
});
