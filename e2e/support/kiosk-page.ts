/**
 * The lobby kiosk page in Chromium (docs/decisions/0023): a tablet set up through the device flow by a
 * volunteer on their own phone, and what the eye checks on its screens (issue 38): tiles and buttons never
 * touch, and a chosen tile's "✓" sits on the line of its word.
 */
import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { sql } from "./database.ts";
import { createTestMember, type TestMember } from "./oauth-accounts.ts";
import { expectNoAxeViolations } from "./page-checks.ts";

/**
 * The tablet asks to be set up and shows the code, the link and its QR; a `kiosk`-role volunteer allows it
 * from their phone at /device. Answers the kiosk client's id and the volunteer (whose own check-in code signs
 * the kiosk out). With `look`, axe and a screenshot of the set-up screens.
 */
export async function enrolThisTablet(page: Page, browser: Browser, campusId: string, look = false): Promise<{ clientId: string; volunteer: TestMember }> {
  const clientId = `kiosk-${randomBytes(5).toString("hex")}`;
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
     VALUES ($1, 'Lobby check-in', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
    [clientId, campusId],
  );
  const volunteer = await createTestMember("kiosk-page-volunteer");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'kiosk'`, [volunteer.id]);

  await page.goto(`/kiosk?client=${clientId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Set up this check-in kiosk" })).toBeVisible();
  if (look) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Set up this kiosk" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Allow this kiosk from your phone" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the link to allow this kiosk" })).toBeVisible();
  const userCode = (await page.locator(".kiosk__user-code").textContent())!.trim();
  if (look) {
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/kiosk-enrol-1280.png", fullPage: true });
  }
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/kiosk/);

  // The volunteer, on their own phone, follows the link and allows it.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const volunteerPage = await phone.newPage();
  await volunteerPage.goto(`/device?user_code=${encodeURIComponent(userCode)}`);
  await volunteerPage.locator('input[name="email"]').fill(volunteer.email);
  await volunteerPage.locator('input[name="password"]').fill(volunteer.password);
  await volunteerPage.locator('input[name="password"]').press("Enter");
  await expect(volunteerPage.getByRole("textbox", { name: "Code" })).toHaveValue(userCode);
  await volunteerPage.getByRole("textbox", { name: "Code" }).press("Enter");
  await volunteerPage.getByRole("button", { name: "Allow" }).click();
  await expect(volunteerPage.getByRole("heading", { level: 1, name: "The device is signed in" })).toBeVisible();
  await phone.close();

  // The tablet notices by itself and becomes the kiosk of its campus.
  await expect(page.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible({ timeout: 20_000 });
  return { clientId, volunteer };
}

/** The kiosk's tap targets on its screen: tiles, tabs, buttons and fields. */
const TARGETS = ".kiosk__screen :is(.kiosk__choice, .kiosk__tab, .kiosk__button, .kiosk__input)";

/**
 * No two of the screen's tiles, tabs, buttons and fields touch: between any two, at least `gutterPx` pixels
 * across or down (a parent's thumb meets one, not two). Names the first pair that does not.
 */
export async function expectTilesApart(page: Page, gutterPx = 8): Promise<void> {
  const touching = await page.evaluate(
    ({ selector, gutter }) => {
      const boxes = [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => element.offsetParent !== null)
        .map((element) => ({ name: (element.textContent ?? element.id).trim().slice(0, 40) || element.className, rect: element.getBoundingClientRect() }));
      for (const [index, a] of boxes.entries()) {
        for (const b of boxes.slice(index + 1)) {
          const across = Math.max(b.rect.left - a.rect.right, a.rect.left - b.rect.right);
          const down = Math.max(b.rect.top - a.rect.bottom, a.rect.top - b.rect.bottom);
          if (Math.max(across, down) < gutter) return `“${a.name}” and “${b.name}” are ${Math.max(across, down).toFixed(1)} px apart`;
        }
      }
      return null;
    },
    { selector: TARGETS, gutter: gutterPx },
  );
  expect(touching, "tiles that touch").toBeNull();
}

/** Every chosen tile's "✓" is on the first line of its word, just before it: never on a line of its own. */
export async function expectCheckMarksBesideTheirWords(page: Page): Promise<void> {
  const marks = page.locator(".kiosk__choice[aria-pressed='true'] .kiosk__check");
  expect(await marks.count(), "no chosen tile to look at").toBeGreaterThan(0);
  const alone = await marks.evaluateAll((elements) =>
    elements
      .map((mark) => {
        const words = mark.nextElementSibling;
        if (!words) return "a ✓ without its words";
        const range = document.createRange();
        range.selectNodeContents(words);
        const firstLine = range.getClientRects()[0];
        const box = mark.getBoundingClientRect();
        if (!firstLine) return `a ✓ before empty words`;
        // The same line: the ✓ and the words' first line overlap vertically, and the ✓ comes first.
        const sameLine = box.top < firstLine.bottom && firstLine.top < box.bottom;
        return sameLine && box.right <= firstLine.left + 1 ? null : `the ✓ of “${words.textContent}” is not beside it`;
      })
      .filter((problem) => problem !== null),
  );
  expect(alone).toEqual([]);
}

/** The tablet sizes the kiosk is checked at: a laptop, a tablet either way up, a phone. */
export const KIOSK_SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "1024", width: 1024, height: 768 },
  { name: "768", width: 768, height: 1024 },
  { name: "375", width: 375, height: 740 },
] as const;
