import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";

/**
 * /developers: the API reference rendered from the OpenAPI document the server serves, reached from every
 * page's footer. What it lists is read from /api/openapi.json, so a route added to the definitions appears
 * on the page without the page changing.
 */

const SHOTS = "test-results/screens";

test("the footer leads to the developers' page, which lists every operation the served API document has", async ({ page, request }) => {
  // From the home page: on /calendar, scrolling to the footer loads the next page of events, which moves the
  // footer away under the click (a fresh-clone run clicked an event card instead).
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "For developers" }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole("heading", { level: 1, name: "For developers" })).toBeVisible();

  const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.length).toBeGreaterThan(100);
  const listed = await page.locator("[data-operation]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-operation")));
  expect(new Set(listed)).toEqual(new Set(operations));

  // One operation opened: who may call it and what it may answer, as the document says.
  const kioskCheckOut = page.locator('[data-operation="POST /api/v1/kiosk/check-outs"]').first();
  await expect(kioskCheckOut.getByText("429", { exact: true })).toBeHidden();
  await kioskCheckOut.getByText("/api/v1/kiosk/check-outs").click();
  await expect(kioskCheckOut.getByText(/^Needs an access token with/)).toHaveText("Needs an access token with check-in:kiosk.");
  await expect(kioskCheckOut.getByText("attendance:kiosk").first()).toBeVisible();
  await expect(kioskCheckOut.getByText("429", { exact: true })).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`the developers' page reads well at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/developers");
    await expect(page.getByRole("heading", { level: 1, name: "For developers" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/developers-${width}.png` });
  });
}
