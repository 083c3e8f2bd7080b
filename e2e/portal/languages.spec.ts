import { expect, test, type Browser } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { expectNoAxeViolations, shoot } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";
import { authorizationUrl, discover } from "../support/second-relying-party.ts";

// Every page in the member's language (issue 41): the language chosen from the member's saved choice, the app's
// ui_locales, the switcher's cookie, the browser's languages, then the church's default; here the pages that
// speak it so far (the header, the footer and the sign-in page).

async function browserIn(browser: Browser, acceptLanguage: string) {
  return browser.newContext({ locale: acceptLanguage.split(",")[0], extraHTTPHeaders: { "Accept-Language": acceptLanguage } });
}

test("a Spanish browser gets the sign-in page in Spanish, and an English one in English", async ({ browser }) => {
  const spanish = await browserIn(browser, "es-MX,es;q=0.9");
  const page = await spanish.newPage();
  await page.goto("/sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.getByLabel("Contraseña", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cree una cuenta" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Calendario" })).toBeVisible();
  await expect(page).toHaveTitle(/^Iniciar sesión · /);
  await expectNoAxeViolations(page);
  await shoot(page, "languages-sign-in-es");
  await spanish.close();

  const english = await browserIn(browser, "en-US,en;q=0.9");
  const englishPage = await english.newPage();
  await englishPage.goto("/sign-in");
  await expect(englishPage.locator("html")).toHaveAttribute("lang", "en");
  await expect(englishPage.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await english.close();
});

test("the switcher at the foot of the page changes the language, comes back to the same page and is remembered", async ({ browser }) => {
  const context = await browserIn(browser, "en-US,en;q=0.9");
  const page = await context.newPage();
  await page.goto("/sign-in?notice=email_verified");
  await expect(page.getByRole("status")).toHaveText("Your email address is confirmed. Sign in to continue.");
  await page.getByLabel("Language").selectOption("es");
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=email_verified$/);
  await expect(page.getByRole("status")).toHaveText("Su correo electrónico está confirmado. Inicie sesión para continuar.");
  await expect(page.getByLabel("Idioma")).toHaveValue("es");
  await page.goto("/calendar");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Para desarrolladores" })).toBeVisible();
  await shoot(page, "languages-calendar-footer-es");
  await page.getByLabel("Idioma").selectOption("en");
  await page.getByRole("button", { name: "Cambiar" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("an app's ui_locales=es opens its sign-in in Spanish in an English browser, and an unknown language is passed over", async ({ browser }) => {
  const as = await discover();
  expect(as.ui_locales_supported).toEqual(["en", "es"]);
  const context = await browserIn(browser, "en-US,en;q=0.9");
  const page = await context.newPage();
  const request = (uiLocales: string) =>
    authorizationUrl(as, {
      client_id: DEMO_APP.id,
      redirect_uri: DEMO_APP.redirectUri,
      response_type: "code",
      scope: "openid profile",
      state: oauth.generateRandomState(),
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      ui_locales: uiLocales,
    }).href;
  await page.goto(request("fr-CA es-419 en"));
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await expect(page.locator(".auth-card__lede")).toHaveText(/^para continuar a /);
  await page.goto(request("de"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await context.close();
});

test("a member's own choice, saved by the switcher, outranks the browser's languages wherever they sign in", async ({ browser }) => {
  const member = await createTestMember("language-choice");
  const first = await browserIn(browser, "en-US,en;q=0.9");
  const page = await first.newPage();
  await signInOverHttp(page, { email: member.email });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" })).toBeVisible();
  await page.getByLabel("Language").selectOption("es");
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mi cuenta" })).toBeVisible();
  expect(await sql<{ locale: string }>(`SELECT locale FROM account WHERE id = $1`, [member.id])).toEqual([{ locale: "es" }]);
  await first.close();

  // Another browser, English and without the cookie: once signed in, the member's choice speaks.
  const second = await browserIn(browser, "en-US,en;q=0.9");
  const elsewhere = await second.newPage();
  await signInOverHttp(elsewhere, { email: member.email });
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "es");
  await expect(elsewhere.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  await second.close();
});

test("a page that is not there says so in Spanish to a Spanish browser", async ({ browser }) => {
  const context = await browserIn(browser, "es-ES,es;q=0.9");
  const page = await context.newPage();
  const answer = await page.goto("/no-hay-tal-pagina");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esa página");
  await expect(page.getByRole("link", { name: "Ver los próximos eventos" })).toBeVisible();
  await shoot(page, "languages-not-found-es");
  await context.close();
});
