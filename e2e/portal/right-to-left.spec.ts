import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { shoot } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Room for a right-to-left language (issue 41). None of the church's languages is one yet, so each page is
// turned into an Arabic page in the browser (<html lang="ar" dir="rtl">, what the layout writes for Arabic; the
// lang too, since the build lowers :dir(rtl) to the right-to-left languages' :lang() for older browsers) and must
// mirror: the heading's text starts as far from the right as it started from the left, the header's church
// name moves to the right of its navigation, and nothing scrolls sideways on a phone. The screenshots
// (rtl-*-1280.png, rtl-*-375.png) are the rest of the check, looked at by a person.

/** How far the heading's words sit from the edge they start at: the left in LTR, the right in RTL. */
async function headingInset(page: Page): Promise<number> {
  return page.getByRole("heading", { level: 1 }).evaluate((heading) => {
    const box = heading.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(heading);
    const words = range.getBoundingClientRect();
    return document.documentElement.dir === "rtl" ? box.right - words.right : words.left - box.left;
  });
}

async function turnRightToLeft(page: Page) {
  await page.evaluate(() => {
    document.documentElement.lang = "ar";
    document.documentElement.dir = "rtl";
  });
}

/** The header's church name and its navigation, left to right on the screen. */
async function headerOrder(page: Page): Promise<"name first" | "navigation first"> {
  const name = await page.getByRole("banner").getByRole("link").first().boundingBox();
  const navigation = await page.getByRole("banner").getByRole("navigation").first().boundingBox();
  expect(name && navigation).toBeTruthy();
  return name!.x < navigation!.x ? "name first" : "navigation first";
}

async function expectMirrored(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const leftToRight = await headingInset(page);
  expect(await headerOrder(page)).toBe("name first");
  await turnRightToLeft(page);
  expect(Math.abs((await headingInset(page)) - leftToRight), "the heading starts as far from the right as it did from the left").toBeLessThan(2);
  expect(await headerOrder(page)).toBe("navigation first");
  await shoot(page, `rtl-${name}`);
}

const PUBLIC_PAGES = ["/", "/sign-in", "/register", "/calendar"];
const SIGNED_IN_PAGES = ["/account", "/account/profile", "/account/security", "/account/family", "/admin", "/admin/people", "/admin/events/new", "/admin/settings"];

test("public pages mirror right to left: the heading, the header, nothing scrolling sideways", async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expectMirrored(page, path === "/" ? "home" : path.slice(1));
    });
  }
  const [event] = await sql<{ slug: string }>(`SELECT slug FROM event WHERE visibility = 'public' AND status <> 'DRAFT' AND end_at >= now() ORDER BY start_at LIMIT 1`);
  await page.goto(`/calendar/${event!.slug}`, { waitUntil: "domcontentloaded" });
  await expectMirrored(page, "event");
});

test("the member's and the office's pages mirror right to left", async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await createStaffMember(uniqueWord("derecha"), "admin");
  await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
  for (const path of SIGNED_IN_PAGES) {
    await test.step(path, async () => {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expectMirrored(page, path.slice(1).replaceAll("/", "-"));
    });
  }
});
