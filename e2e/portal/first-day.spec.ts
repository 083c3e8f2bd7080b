import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import QRCode from "qrcode";
import { startMailCatcher, subjectOf, wordsOf, type MailCatcher } from "../support/mail-catcher.ts";
import { expectNoAxeViolations, shoot } from "../support/page-checks.ts";
import { startScratchServer, type ScratchServer } from "../support/scratch-server.ts";

// A church's first day (issue 39), in Chromium: `npm start` on an empty embedded folder writes a setup address
// to its log and shows every visitor a "being set up" notice; the wizard makes the church and its first
// administrator with two-step sign-in, its mail server tested and the administrator's address proved by a code
// that arrives through it; the administrator signs in, gives the church its logo, colour, contact
// and policies, and they appear on the portal, the sign-in pages, the kiosk and the calendar widget. The setup
// address then opens nothing, and no demo data exists.

test.describe.configure({ timeout: 300_000 });

const CHURCH = "St Brendan’s Chapel";
const ADMIN = { given: "Ruth", family: "Okafor", email: "ruth@stbrendans.example", password: "harbour lantern seventy kites" };
const BRAND = "#7a1f3d";

/** The setup address the server wrote to its log. */
function setupAddressIn(log: string): string | null {
  return /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]+)/.exec(log)?.[1] ?? null;
}

/** A code of the authenticator app the wizard set up, for a step after the last one used. */
function codeAfter(secret: string, lastStep: number): { code: Promise<string>; step: number } {
  const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  return { code: generate({ secret, epoch: step * 30 }), step };
}


test("a church's first day: the setup address, the wizard, the first administrator, the church's name and look everywhere", async ({ page, browser }, testInfo) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "church-first-day-"));
  let server: ScratchServer | undefined;
  let mail: MailCatcher | undefined;
  try {
    // The church's mail server is on this machine: its operator allows private addresses.
    mail = await startMailCatcher();
    server = await startScratchServer({ DATABASE_URL: "", PGLITE_DATA_DIR: dataDir, SEED_DEMO_DATA: "false", DEV_OUTBOX: "true", CHURCH_NAME: "", OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });
    const { baseUrl } = server;
    await expect.poll(async () => (await fetch(`${baseUrl}/api/v1/system/ready`)).status, { timeout: 120_000 }).toBe(200);
    expect((await (await fetch(`${baseUrl}/api/v1/system/ready`)).json()).setup).toBe("waiting");
    const address = setupAddressIn(server.output());
    expect(address, "the log holds the setup address").toBeTruthy();

    // Every page but the wizard says the church is being set up; no demo events exist.
    await page.goto(`${baseUrl}/calendar`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This member portal is being set up");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    expect((await (await fetch(`${baseUrl}/api/calendar/events/upcoming`)).json()).items).toEqual([]);
    await shoot(page, "setup-notice");

    // The wizard: the token leaves the address bar at once.
    await page.goto(address!);
    await expect(page).toHaveURL(`${baseUrl}/setup`);
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Your church" })).toBeVisible();
    await page.getByLabel("Church name").fill(CHURCH);
    await page.getByLabel("Country").selectOption("IE");
    await page.getByLabel("Time zone").selectOption("Europe/Dublin");
    await page.getByLabel("Where you meet").fill("Harbour Hall");
    await expectNoAxeViolations(page);
    await shoot(page, "setup-church");
    await page.getByRole("button", { name: "Next" }).click();

    // The church's mail server: a wrong port first (the test message says why it was not sent), then the right one.
    await expect(page.getByRole("button", { name: "Not yet: continue without email" })).toBeVisible();
    await page.getByLabel("Mail server", { exact: true }).fill("127.0.0.1");
    await page.getByLabel("Protection").selectOption("none");
    await expect(page.getByLabel("Port")).toHaveValue("25");
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await page.getByLabel("Port").fill("9");
    await page.getByLabel("Sender address").fill("office@stbrendans.example");
    await page.getByLabel("Send the test message to").fill(ADMIN.email);
    await page.getByRole("button", { name: "Save and send a test message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved, but the test message was not sent" })).toContainText("ECONNREFUSED");
    await page.getByLabel("Port").fill(String(mail.port));
    await page.getByRole("button", { name: "Save and send a test message" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved, and a test message was sent to ${ADMIN.email}.` })).toBeVisible();
    const test = await mail.latestTo(ADMIN.email);
    expect(test.from).toBe("office@stbrendans.example");
    // Until the church is named it is the "Member portal", never another church's name.
    expect(subjectOf(test.raw)).toBe("Test message · Member portal");
    await expectNoAxeViolations(page);
    await shoot(page, "setup-email");
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Step 3 of 4: You" })).toBeVisible();
    await page.getByLabel("First name").fill(ADMIN.given);
    await page.getByLabel("Last name").fill(ADMIN.family);
    await page.getByLabel("Email address").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    // The church sends email now, so the address is proved by a code that arrives through its mail server.
    const before = mail.messages.length;
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect.poll(() => mail!.messages.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const code = /is: (\d{6})/.exec(wordsOf((await mail.latestTo(ADMIN.email)).raw))?.[1];
    expect(code, "the code is in the email").toBeTruthy();
    await page.getByLabel("Code from the email").fill(code!);
    await expectNoAxeViolations(page);
    await shoot(page, "setup-administrator");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByRole("heading", { name: "Step 4 of 4: Two-step sign-in" })).toBeVisible();
    const secret = (await page.locator("form code").innerText()).replace(/\s/g, "");
    await expect(page.getByRole("img", { name: /QR code for your authenticator app/ })).toBeVisible();
    await shoot(page, "setup-two-step");
    const first = codeAfter(secret, 0);
    await page.getByLabel("Code from the app").fill(await first.code);
    await page.getByRole("button", { name: "Finish setting up" }).click();

    await expect(page.getByRole("heading", { name: `${CHURCH} is set up` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await shoot(page, "setup-done");
    expect((await (await fetch(`${baseUrl}/api/v1/system/ready`)).json()).setup).toBe("done");

    // Signing in as every member does, with the authenticator, lands on the church's settings.
    await page.getByRole("button", { name: "I’ve saved my codes" }).click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    await page.getByLabel("Email address").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in\/second-factor/);
    await page.getByLabel("6-digit code").fill(await codeAfter(secret, first.step).code);
    await page.getByLabel("6-digit code").press("Enter");
    await expect(page).toHaveURL(`${baseUrl}/admin/settings`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(CHURCH);
    await expect(page.getByLabel("Country")).toHaveValue("IE");

    // The church's look: a logo (a real PNG), its colour (a too-light one is refused first), contact and policies.
    const logo = await QRCode.toBuffer("St Brendan's", { type: "png", width: 96, margin: 1 });
    await page.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(page.getByRole("img", { name: "The church’s logo" })).toBeVisible();
    await page.getByLabel("Brand colour").fill("#f5d76e");
    await expect(page.getByText(/This colour is too light/)).toBeVisible();
    await page.getByLabel("Brand colour").fill(BRAND);
    await page.getByLabel("Contact email").fill("office@stbrendans.example");
    await page.getByLabel("Church website").fill("https://stbrendans.example");
    await page.getByLabel("Privacy policy").fill("https://stbrendans.example/privacy");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Saved. Every page now shows the new settings.")).toBeVisible();
    await expect(page.getByRole("banner").locator("img")).toHaveAttribute("src", /^\/branding\/logo\/[0-9a-f]{64}\.png$/);
    await page.reload();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim())).toBe(BRAND);
    // The mail server saved in the wizard, without its password; the office's overview has nothing to say about email.
    await expect(page.getByRole("region", { name: "Email sending" }).getByLabel("Mail server", { exact: true })).toHaveValue("127.0.0.1");
    await expectNoAxeViolations(page);
    await shoot(page, "admin-settings");

    // Every email, previewed as members receive it: the church's logo, name and contact in its template.
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Emails" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
    const firstEmail = page.frameLocator('iframe[title^="How the email"]').first();
    await expect(firstEmail.locator("img").first()).toHaveAttribute("src", /\/branding\/logo\/[0-9a-f]{64}\.png$/);
    await expect(firstEmail.getByText("office@stbrendans.example")).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, "admin-emails");

    // The portal's home, the sign-in page (its policy link), the kiosk and the widget show the church.
    await page.goto(`${baseUrl}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${CHURCH}`);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "office@stbrendans.example" })).toBeVisible();
    await shoot(page, "church-home");
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`${baseUrl}/portal/sign-in?callbackUrl=%2Faccount`);
      await expect(visitor).toHaveURL(/\/sign-in\?request=/);
      await expect(visitor.getByRole("main").getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "https://stbrendans.example/privacy");
      await expect(visitor.getByRole("banner")).toContainText(CHURCH);
      await shoot(visitor, "church-sign-in");
      await visitor.goto(`${baseUrl}/kiosk`);
      await expect(visitor.locator(".kiosk__brand")).toContainText(CHURCH);
      await expect(visitor.locator(".kiosk__brand img")).toHaveAttribute("src", /^\/branding\/logo\//);
      // No kiosk is registered yet: the tablet says where to get its address rather than offer one that does not exist.
      await expect(visitor.getByText("This tablet does not know which kiosk it is yet.")).toBeVisible();
      await shoot(visitor, "church-kiosk");
      const widget = await fetch(`${baseUrl}/embed/calendar`);
      const html = await widget.text();
      expect(html).toMatch(/<title>Upcoming events · St Brendan/);
      expect(html).toContain(`accent-color="${BRAND}"`);
    } finally {
      await visitor.close();
    }

    // Setup is gone: the page, and the address's token through the API.
    expect((await page.goto(`${baseUrl}/setup`))?.status()).toBe(404);
    const token = new URL(address!).searchParams.get("token");
    const reuse = await fetch(`${baseUrl}/api/v1/setup/check`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
    expect(reuse.status).toBe(404);
    await testInfo.attach("server output", { body: server.output(), contentType: "text/plain" });
  } finally {
    await server?.stop();
    await mail?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
