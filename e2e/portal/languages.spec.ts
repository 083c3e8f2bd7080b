import { randomBytes } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { createCheckInCampus, createCheckInEvent, createHousehold, memberCode } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { enrolThisTablet } from "../support/kiosk-page.ts";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { expectNoAxeViolations, shoot } from "../support/page-checks.ts";
import { latestCodeFor, latestMessageTo } from "../support/outbox.ts";
import { signInOverHttp } from "../support/portal.ts";
import { authorizationUrl, discover } from "../support/second-relying-party.ts";

// Every page in the member's language (issue 41): the language chosen from the member's saved choice, the app's
// ui_locales, the switcher's cookie, the browser's languages, then the church's default; here the pages that
// speak it so far: the header and footer, the sign-in pages and their errors, the 404 page and the lobby kiosk.

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
  // The browser's render must agree with the server's in Spanish too: a time written "p.\u202Fm." by the
  // server's ICU and "p. m." by the browser's made React throw the server's page away (a hydration error).
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
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
  expect(pageErrors).toEqual([]);
  // Back to English from the keyboard, as someone tabbing to the foot does. On the calendar, reaching the foot
  // loads the next events above it, which moves it; a pointer's click is shown on the sign-in page above, and
  // e2e/portal/calendar.spec.ts shows the foot staying put once the feed stops loading by itself.
  await page.getByLabel("Idioma").selectOption("en");
  await page.getByRole("button", { name: "Cambiar" }).press("Enter");
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

test("a Spanish browser registers in Spanish, gets its code in a Spanish email, and is told what went wrong in Spanish, with or without JavaScript", async ({ browser }) => {
  const context = await browserIn(browser, "es-US,es;q=0.9,en;q=0.5");
  const page = await context.newPage();
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear una cuenta");
  const email = uniqueEmail("registro-es");
  await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
  await page.getByLabel("Apellidos").fill("Martínez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Elija una contraseña").fill("mis nietos cantan los domingos");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/register\/verify/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revise su correo");
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "languages-register-verify-es");
  // The email is in the language she registered in, and so is every later one: it is kept as hers.
  const codeEmail = await latestMessageTo(email);
  expect(codeEmail.subject).toMatch(/^Confirme su correo electrónico · /);
  expect(codeEmail.body).toMatch(/^Hola, Rosa:\n\nSu código para confirmar este correo electrónico es: \d{6}\n/);

  await page.goto("/sign-in");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("not her password at all");
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByRole("main").locator("form").getByRole("alert")).toHaveText("Ese correo y esa contraseña no coinciden con ninguna cuenta. Revíselos e inténtelo de nuevo.");
  await shoot(page, "languages-sign-in-error-es");
  await page.goto("/register/verify");
  await page.getByLabel("Código de 6 dígitos").fill(await latestCodeFor(email));
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).not.toHaveURL(/\/register\/verify/);
  expect((await sql<{ locale: string | null }>(`SELECT locale FROM account WHERE email = $1`, [email]))[0]?.locale).toBe("es");
  await context.close();

  const withoutScript = await browser.newContext({ javaScriptEnabled: false, locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });
  const plain = await withoutScript.newPage();
  await plain.goto("/sign-in");
  await plain.getByLabel("Correo electrónico").fill(email);
  await plain.getByLabel("Contraseña", { exact: true }).fill("not her password at all");
  await plain.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(plain).toHaveURL(/\/sign-in\?.*error=invalid_credentials/);
  await expect(plain.getByRole("main").locator("form").getByRole("alert")).toHaveText("Ese correo y esa contraseña no coinciden con ninguna cuenta. Revíselos e inténtelo de nuevo.");
  await withoutScript.close();
});

test("a grandmother checks her grandchildren in at the lobby kiosk in Spanish; the next family finds it in the kiosk's language again", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Nothing the kiosk writes in Spanish on the server may differ from what the tablet writes (React would throw the page away).
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const campusId = await createCheckInCampus();
  const event = await createCheckInEvent(campusId, { title: `Escuela dominical ${randomBytes(2).toString("hex")}` });
  await enrolThisTablet(page, browser, campusId);
  const { mum, kids } = await createHousehold("kiosk-es");
  await sql(`UPDATE family_member SET notes = 'Alergia al maní' WHERE user_id = $1`, [kids[0]!.id]);

  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("textbox", { name: /Escanee su código de miembro/ })).toBeFocused();
  // A code that is not hers is refused in her language, not in the API's English. One character of the code's
  // signature is changed, well inside it, where every bit of the character counts.
  const code = await memberCode(mum);
  const changed = code.length - 10;
  await page.keyboard.insertText(`${code.slice(0, changed)}${code[changed] === "A" ? "B" : "A"}${code.slice(changed + 1)}`);
  await page.keyboard.press("Enter");
  await expect(page.locator(".kiosk__alert")).toHaveText("Este código de registro no es válido o ya no está vigente.");
  await page.getByRole("textbox", { name: /Escanee su código de miembro/ }).fill("");
  await page.getByRole("textbox", { name: /Escanee su código de miembro/ }).focus();
  await page.keyboard.insertText(code);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "¿Quién registra la entrada?" })).toBeFocused();
  await expect(page.getByRole("group", { name: "Quién deja a los niños" }).getByRole("button")).toContainText(`${mum.givenName} los deja`);
  for (const kid of kids) await page.getByRole("group", { name: "Niños" }).getByRole("button", { name: kid.givenName }).click();
  await expectNoAxeViolations(page);
  await shoot(page, "languages-kiosk-household-es");
  await page.getByRole("button", { name: `Registrar la entrada de 2 niños en ${event.title}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Entrada registrada" })).toBeFocused();
  await expect(page.getByRole("list", { name: "Códigos de seguridad" }).getByRole("listitem")).toHaveCount(2);
  await shoot(page, "languages-kiosk-codes-es");

  // The labels print in the family's language too.
  await page.emulateMedia({ media: "print" });
  const labels = page.locator(".kiosk-label");
  await expect(labels).toHaveCount(3);
  await expect(labels.nth(0)).toContainText("ALERGIA / NOTA");
  await expect(labels.nth(2)).toContainText("Etiqueta de recogida");
  await page.emulateMedia({ media: "screen" });

  // Done: the next family finds the kiosk in its own language.
  await page.getByRole("button", { name: "Listo" }).click();
  await expect(page.getByRole("textbox", { name: /Scan your member code/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
