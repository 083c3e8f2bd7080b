import { expect, test, type Page } from "@playwright/test";
import { createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, printedPageSizesMm } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The household card on /account/check-in in Debian's Chromium (issue 19, docs/decisions/0023 "Household
// card"): "Print a card" issues one and asks the browser to print it; the print view is the card alone,
// 85.6 × 54 mm, with its QR, the member's name and their household's first names; then only its status;
// "Replace" and "Revoke", each confirmed. Axe; screenshots of the section and the print view at 1280 and 375 px.

const CHECK_IN_PATH = "/account/check-in";
const SHOTS = process.env.CARD_SHOTS_DIR ?? "test-results/screens";
test.use({ timezoneId: "UTC" });

/** window.print() opens no dialog here: each call is counted instead. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { prints: number };
    counted.prints = 0;
    window.print = () => {
      counted.prints += 1;
    };
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);
const section = (page: Page) => page.getByRole("main").getByRole("region", { name: "Household card" });
const liveCards = async (userId: string) => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM check_in_card WHERE user_id = $1 AND revoked_at IS NULL`, [userId]))[0]!.n;

for (const width of [1280, 375] as const) {
  test(`at ${width} px a member prints a household card, sees only its status afterwards, replaces and revokes it`, async ({ browser }) => {
    const home = await createHousehold(`portal-card-${width}`);
    const name = `${home.mum.givenName} ${home.mum.familyName}`;
    const context = await browser.newContext({ viewport: { width, height: width === 1280 ? 900 : 740 }, timezoneId: "UTC", ...(width === 375 ? { hasTouch: true, isMobile: true } : {}) });
    const page = await context.newPage();
    await countPrints(page);
    await signInOverHttp(page, { email: home.mum.email, password: home.mum.password });
    await page.goto(CHECK_IN_PATH);
    const card = section(page);
    await expect(card).toContainText("For someone without a phone");
    await expect(card).toContainText("You have no household card.");
    await expectNoAxeViolations(page);
    await card.screenshot({ path: `${SHOTS}/household-card-none-${width}.png` });

    // Print a card: issued, on the page once, and the print dialog asked for.
    await card.getByRole("button", { name: "Print a card" }).click();
    await expect(card.getByRole("status").first()).toHaveText("Your card is ready to print.");
    await expect.poll(() => prints(page)).toBe(1);
    const qr = card.getByRole("img", { name: `Household check-in card QR code for ${name}` });
    await expect(qr).toBeVisible();
    await expect(card).toContainText(name);
    await expect(card).toContainText("with Test, Kid1, Kid2");
    await expect(card).toContainText("This card’s code is shown only now.");
    expect(await liveCards(home.mum.id)).toBe(1);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/household-card-issued-${width}.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/household-card-issued-section-${width}.png` });

    // The print view: the card alone, with the QR and the names, on one page of ID-1 size.
    await page.emulateMedia({ media: "print" });
    const sheet = page.locator('[data-print="household-card"]');
    await expect(sheet).toBeVisible();
    await expect(page.getByRole("main")).toBeHidden();
    await expect(sheet.getByRole("img", { name: `Household check-in card QR code for ${name}` })).toBeVisible();
    await expect(sheet).toContainText(name);
    await expect(sheet).toContainText("with Test, Kid1, Kid2");
    await expect(sheet).toContainText("Household check-in card");
    const box = await sheet.locator("> div").boundingBox();
    // 85.6 × 54 mm at 96 px per inch.
    expect(Math.round(box!.width)).toBe(Math.round((85.6 / 25.4) * 96));
    expect(Math.round(box!.height)).toBe(Math.round((54 / 25.4) * 96));
    await page.screenshot({ path: `${SHOTS}/household-card-print-${width}.png` });
    expect(await printedPageSizesMm(page)).toEqual([[86, 54]]);
    await page.emulateMedia({ media: "screen" });

    // Done: the code is gone from the page; only the status stays.
    await card.getByRole("button", { name: "Done" }).click();
    await expect(card.getByRole("article", { name: "Your household card" })).toContainText("not used at a kiosk yet");
    await expect(card.getByRole("status").first()).toHaveText("");
    await expect(card.getByRole("img")).toHaveCount(0);
    await expect(sheet).toHaveCount(0);
    await card.screenshot({ path: `${SHOTS}/household-card-status-${width}.png` });

    // Replace, confirmed: the dialog says the old card stops working; a new one is printed.
    await card.getByRole("button", { name: "Replace" }).click();
    const replace = page.getByRole("dialog", { name: "Replace your household card?" });
    await expect(replace).toContainText("Your old card stops working at once");
    await expectNoAxeViolations(page);
    await replace.getByRole("button", { name: "Replace and print" }).click();
    await expect(card.getByRole("status").first()).toHaveText("Your new card is ready to print. Your old card no longer works.");
    await expect.poll(() => prints(page)).toBe(2);
    expect(await sql(`SELECT count(*)::int AS n, count(*) FILTER (WHERE revoked_at IS NULL)::int AS live FROM check_in_card WHERE user_id = $1`, [home.mum.id])).toEqual([{ n: 2, live: 1 }]);
    await card.getByRole("button", { name: "Done" }).click();

    // Revoke, confirmed: kiosks refuse it; the section offers a new card again.
    await card.getByRole("button", { name: "Revoke" }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke your household card?" });
    await expect(revoke).toContainText("Kiosks stop accepting it at once");
    await revoke.getByRole("button", { name: "Revoke" }).click();
    await expect(card.getByRole("status").first()).toHaveText("Your card is revoked. Kiosks no longer accept it.");
    await expect(card).toContainText("You have no household card.");
    expect(await liveCards(home.mum.id)).toBe(0);
    await expectNoAxeViolations(page);

    // The security log says it in words.
    await page.goto("/account/security");
    await expect(page.getByRole("main")).toContainText("Household check-in card revoked");
    await expect(page.getByRole("main")).toContainText("New household check-in card issued; the old card stopped working");
    await context.close();
  });
}
