import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** What every portal page must hold, checked the same way by every spec. */

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // Every violation is still found and listed; passes and "incomplete" are not gathered node by node,
    // which made a long page's check take a quarter longer.
    .options({ resultTypes: ["violations"] })
    // AxeBuilder's default gathers each frame's results in a blank page it opens for the purpose (so a frame
    // of another origin cannot tamper with them): ~0.7 s a check, more than most pages' rules take. A page
    // whose frames are all its own is checked by one axe run across them (legacy mode): the same rules and
    // frames, 0.4-0.6 s instead of 1.0-1.9 s. A page framing another origin (the widget's) keeps the default.
    .setLegacyMode(!framesAnotherOrigin(page))
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Whether a frame in the page comes from another origin (a blank, srcdoc or not yet loaded frame is the page's own). */
function framesAnotherOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    const url = frame.url();
    return url !== "" && !url.startsWith("about:") && new URL(url).origin !== origin;
  });
}

/** Presses Tab from where focus is until `target` has it, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `Tab did not reach it in ${limit} presses`).toBeFocused();
}

/** Nothing on the page is wider than the viewport: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
}

/** The page printed to PDF by Chromium at its CSS page size: each PDF page's width and height in whole millimetres. */
export async function printedPageSizesMm(page: Page): Promise<[number, number][]> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [Math.round((Number(match[1]) / 72) * 25.4), Math.round((Number(match[2]) / 72) * 25.4)]);
}

/**
 * Full-page screenshots at 1280 and 375 px wide in test-results/screens (`<name>-1280.png`, `<name>-375.png`),
 * the narrow one only once no part of the page scrolls sideways; the page is left at 1280 px.
 */
export async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/screens/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/screens/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
