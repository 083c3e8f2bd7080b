import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember } from "../support/admin.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The staff event form's Preview (issue 38 item 9) in Debian's Chromium: under the description, a toggle
// button shows the description as the event page renders it (the page's own sanitizer and styles), loaded
// the first time it is pressed. With the keyboard: an empty description says so; typed HTML shows its
// paragraphs and link, with no script and no onclick; pressing it again hides the preview and the text is
// as typed. A link in the preview opens in a new tab, the form stays. axe, 1280 and 375 px.

const main = (page: Page) => page.getByRole("main");

const CAPTION = "This is how the description will look on the event’s page. Its links open in a new tab here, so nothing typed is lost.";
const DESCRIPTION = [
  "<p>Carols by candlelight in the old church. Bring a friend.</p>",
  `<p onclick="document.title = 'clicked'">Directions are on <a href="https://example.org" onclick="alert('link')">our site</a>.<script>alert("script")</script></p>`,
].join("\n");

test("the description previews as the event page shows it: paragraphs and a link, no script, with the keyboard", async ({ page, context }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const staff = await createStaffMember("admin-event-description");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/events/new");
  const form = main(page).getByRole("form", { name: "New event" });
  const description = form.getByRole("textbox", { name: "Description" });
  const toggle = form.getByRole("button", { name: "Preview", exact: true });
  const preview = form.getByRole("region", { name: "Preview", exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(preview).toBeHidden();

  // Nothing typed yet: the preview says so.
  await description.focus();
  await tabTo(page, toggle, 2);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("paragraph")).toHaveText([CAPTION, "Nothing to preview yet."]);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(preview).toBeHidden();

  await description.fill(DESCRIPTION);
  await tabTo(page, toggle, 2);
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(preview.getByRole("paragraph")).toHaveText([CAPTION, "Carols by candlelight in the old church. Bring a friend.", "Directions are on our site."]);
  const link = preview.getByRole("link", { name: "our site", exact: true });
  await expect(link).toHaveAttribute("href", "https://example.org");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview.locator("[onclick]")).toHaveCount(0);
  expect(dialogs).toEqual([]);

  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-event-description-preview-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-event-description-preview-375.png", fullPage: true });

  // The preview follows the text as it changes.
  await description.fill(`${DESCRIPTION}\n<ul><li>Candles given at the door</li></ul>`);
  await expect(preview.getByRole("listitem")).toHaveText(["Candles given at the door"]);

  // A link opens in a new tab (answered here, not on the Internet); the form stays, with what was typed.
  await context.route(/^https:\/\/example\.org\//, (route) => route.fulfill({ contentType: "text/html", body: "<title>Our site</title>" }));
  await tabTo(page, link);
  const opened = context.waitForEvent("page");
  await page.keyboard.press("Enter");
  const tab = await opened;
  await tab.close();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  expect(dialogs).toEqual([]);

  // Back to writing: the preview goes, the text is as typed.
  await expect(link).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(preview).toBeHidden();
  await expect(description).toHaveValue(`${DESCRIPTION}\n<ul><li>Candles given at the door</li></ul>`);
  await page.keyboard.press("Shift+Tab");
  await expect(description).toBeFocused();
});
