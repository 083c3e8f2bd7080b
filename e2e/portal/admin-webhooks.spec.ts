import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Webhooks in Debian's Chromium (docs/decisions/0027): an office member adds an endpoint (its
// signing secret shown once, with a copy button), sends a test message to a real receiver on loopback that
// fails the first attempt, reads the failure in the delivery log and sends it again; the receiver checks every
// signature with the Standard Webhooks library and the secret the page showed. A member without clients:read
// is told the page is not theirs. axe and no sideways scroll at 1280 and 375 px; screenshots of both.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const SHOTS = process.env.WEBHOOK_SHOTS_DIR ?? "test-results/screens";

let receiver: Server;
let receiverBase: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const seen = new Set<string>();

test.beforeAll(async () => {
  // Answers 500 to the first attempt of each message, 200 to the next.
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const id = String(request.headers["webhook-id"]);
      response.writeHead(seen.has(id) ? 200 : 500).end();
      seen.add(id);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await sql(`DELETE FROM webhook_endpoint WHERE url LIKE $1`, [`${receiverBase}/%`]);
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test("add an endpoint, store its secret, send a test message, read the failure in the log and send it again", async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await createStaffMember("admin-webhooks");
  const name = `Church website ${uniqueWord()}`;
  const path = `/hooks/${uniqueWord().toLowerCase()}`;
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute("aria-current", "page");

  await main(page).getByRole("button", { name: "Add an endpoint" }).click();
  const form = main(page).getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByRole("textbox", { name: "Address" }).fill(`${receiverBase}${path}`);
  await form.getByRole("textbox", { name: "Description (optional)" }).fill(name);
  // Only sign-up openings: the rarest change other specs make meanwhile, which this endpoint is told of too.
  for (const type of ["An event is created", "An event is changed, published or postponed", "An event is cancelled"]) await form.getByRole("checkbox", { name: type }).uncheck();
  await form.getByRole("button", { name: "Add the endpoint" }).click();

  const secretPanel = main(page).getByRole("heading", { name: `“${name}” is added: store its signing secret now` });
  await expect(secretPanel).toBeFocused();
  const secret = (await main(page).getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(main(page).getByRole("button", { name: "Copy the secret" })).toBeVisible();
  const [row] = await sql<{ event_types: string[]; secret_sealed: string }>(`SELECT event_types, secret_sealed FROM webhook_endpoint WHERE description = $1`, [name]);
  expect(row!.event_types).toEqual(["event.registration_opened"]);
  expect(row!.secret_sealed).not.toContain(secret.slice(6));
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-secret-1280.png`, fullPage: true });
  await main(page).getByRole("button", { name: "Done: I have stored it" }).click();
  await expect(main(page).getByTestId("webhook-secret")).toHaveCount(0);

  await main(page).getByRole("searchbox", { name: "Search by address or description" }).fill(name);
  await main(page).getByRole("searchbox", { name: "Search by address or description" }).press("Enter");
  const card = main(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Sign-up opens for an event")).toBeVisible();

  await card.getByRole("button", { name: `Send a test message to “${name}”` }).click();
  await expect(main(page).getByRole("status")).toContainText(`A test message to “${name}” is on its way`);
  const log = card.getByRole("region", { name: `Delivery log of “${name}”` });
  // Other specs change the calendar meanwhile and this endpoint is told of it: the test message is its own row.
  const ping = log.getByRole("listitem").filter({ hasText: "Test message" });
  await expect(ping.getByText("Failed")).toBeVisible({ timeout: 20_000 });
  await expect(ping).toContainText("1 attempt · last answer HTTP 500");
  await expect(log).not.toContainText("answered");
  await expect(log).toContainText("Newest first; kept for 30 days by default.");
  // Failing from that attempt on (only "Send again" below gets a message through): the card says so.
  await expect(card.getByText("Failing", { exact: true })).toBeVisible();
  await expect(card).toContainText(/Failing since \d{1,2} \w{3} \d{4}, \d{2}:\d{2}: if nothing gets through by \d{1,2} \w{3} \d{4}, \d{2}:\d{2}, it is turned off\./);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-failed-1280.png`, fullPage: true });

  await ping.getByRole("button", { name: /^Send again \(msg_\w+\)$/ }).click();
  await expect(ping.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(ping).toContainText("2 attempts · last answer HTTP 200");
  const pingId = (await ping.locator("code").textContent())!;
  const mine = received.filter((message) => message.headers["webhook-id"] === pingId);
  expect(mine).toHaveLength(2);
  for (const message of mine) expect(new Webhook(secret).verify(message.body, message.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(ping.getByText("Delivered", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-375.png`, fullPage: true });

  // A new secret, confirmed first: for a day the old one signs beside it, and the card says until when.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole("button", { name: `New secret for “${name}”` }).click();
  const rotation = page.getByRole("dialog", { name: `Give “${name}” a new secret?` });
  await expect(rotation).toContainText("For the next 24 hours each also carries a signature made with the old one");
  await rotation.getByRole("button", { name: "Make a new secret" }).click();
  await expect(main(page).getByRole("heading", { name: `The new signing secret of “${name}”: store it now` })).toBeFocused();
  await expect(main(page)).toContainText("The old secret goes on signing beside it for 24 hours");
  const newSecret = (await main(page).getByTestId("webhook-secret").textContent())!;
  expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(newSecret).not.toBe(secret);
  await main(page).getByRole("button", { name: "Done: I have stored it" }).click();
  await expect(card.getByText(/^Still signs beside the new one until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await card.getByRole("button", { name: `Send a test message to “${name}”` }).click();
  // Sign-up openings other specs make reach this endpoint too: the second test message is the one sent now.
  const secondPing = () => received.find((message) => message.headers["webhook-id"] !== pingId && (JSON.parse(message.body) as { type: string }).type === "webhook.ping");
  await expect.poll(() => secondPing() !== undefined, { timeout: 20_000 }).toBe(true);
  const afterRotation = secondPing()!;
  for (const signing of [newSecret, secret]) expect(new Webhook(signing).verify(afterRotation.body, afterRotation.headers as Record<string, string>)).toMatchObject({ type: "webhook.ping" });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-rotated-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-rotated-375.png`, fullPage: true });

  // Every message failed for five days (made so in the database; the outbox's side is proven by the service
  // tests): the next failure turned it off, and the card says why and what to do.
  await sql(`UPDATE webhook_endpoint SET enabled = false, failing_since = now() - interval '6 days', auto_disabled_at = now() - interval '1 hour' WHERE description = $1`, [name]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await main(page).getByRole("searchbox", { name: "Search by address or description" }).fill(name);
  await main(page).getByRole("searchbox", { name: "Search by address or description" }).press("Enter");
  await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(card).toContainText(/Turned off on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}: every message failed for 5 days\. Once the receiving site works again, enable it and send what it missed from its delivery log\./);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-turned-off-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/admin-webhooks-turned-off-375.png`, fullPage: true });
  await card.getByRole("button", { name: `Enable “${name}”` }).click();
  await expect(card.getByText("Disabled", { exact: true })).toHaveCount(0);
  await expect(card).not.toContainText("Turned off on");
  expect(await sql(`SELECT enabled, auto_disabled_at FROM webhook_endpoint WHERE description = $1`, [name])).toEqual([{ enabled: true, auto_disabled_at: null }]);

  // Disabling goes through at once; deleting is confirmed first.
  await card.getByRole("button", { name: `Disable “${name}”` }).click();
  await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: `Send a test message to “${name}”` })).toHaveCount(0);
  await card.getByRole("button", { name: `Delete “${name}”` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${name}”?` });
  await dialog.getByRole("button", { name: "Delete the endpoint" }).click();
  await expect(main(page).getByRole("status")).toContainText(`“${name}” is deleted`);
  expect(await sql(`SELECT id FROM webhook_endpoint WHERE description = $1`, [name])).toEqual([]);
});

test("a member without clients:read is told the page is not theirs", async ({ page }) => {
  const member = await createTestMember("webhooks-member", { totpSecret: DEMO_TOTP_SECRET });
  await signInOverHttp(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(page).getByRole("alert")).toContainText("clients:read");
});
