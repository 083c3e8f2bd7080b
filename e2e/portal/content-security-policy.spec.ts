import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { signInOverHttp } from "../support/portal.ts";

/**
 * The pages under their nonce-based Content-Security-Policy (docs/decisions/0015), in Debian's Chromium:
 * nothing is blocked on the way through the calendar, an event with artwork and a description, the
 * sign-in pages and the account pages up to the TOTP QR code (a data: image), and the pages still work
 * (React hydrated: buttons act, stylesheets applied).
 */

/** Every CSP violation the page reports, as `directive blocked-uri`. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) consoleReports.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])), ...consoleReports];
}

test("the calendar and an event page with artwork load under the policy with nothing blocked", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  const [event] = await sql<{ slug: string }>(
    `SELECT slug FROM event WHERE image_url IS NOT NULL AND visibility = 'public' AND status <> 'DRAFT' AND end_at >= now() ORDER BY start_at LIMIT 1`,
  );
  await page.goto(`/calendar/${event!.slug}`);
  const artwork = page.getByRole("main").locator("img").first();
  await expect(artwork).toBeVisible();
  expect(await artwork.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // The stylesheet applied (the skip link is positioned by it).
  expect(await page.locator(".skip-link").evaluate((link) => getComputedStyle(link).position)).toBe("absolute");
  expect(await violations()).toEqual([]);
});

test("sign-in and the security page's TOTP QR code (a data: image) work with nothing blocked", async ({ page }) => {
  const violations = await watchViolations(page);
  const member = await createTestMember("csp");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  // A click only works once React hydrated: its scripts ran under the nonce.
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const qr = page.getByRole("img", { name: /QR code for your authenticator app/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.src.startsWith("data:image/png;base64,") && image.complete && image.naturalWidth > 0)).toBe(true);
  const reported = await violations();
  for (const path of ["/account", "/account/apps", "/account/recovery", "/account/privacy", "/account/family"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    reported.push(...(await violations()).map((violation) => `${path}: ${violation}`));
  }
  expect(reported).toEqual([]);
});
