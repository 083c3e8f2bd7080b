import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import { PortalApiError } from "@/lib/portal-api/client";
import { apiMessagesIn } from "../api-messages";
import { removalFailedMessage, removedMessage, type RemovalTranslator } from "./removal-messages";

function wordsIn(locale: AppLocale) {
  const apps = translatorFor(locale, "AccountApps");
  const t: RemovalTranslator = (key, values) => apps(key, values);
  const messages = translatorFor(locale, "ApiMessages");
  const limits = translatorFor(locale, "AttemptLimits");
  const api = apiMessagesIn(
    locale,
    Object.assign((key: "tryAgain" | "offline" | "serverTrouble" | "checkField" | "waitALittle") => messages(key), {
      wait: (unit: "seconds" | "minutes", count: number) => (unit === "seconds" ? limits("waitSeconds", { seconds: count }) : limits("waitMinutes", { minutes: count })),
    }),
  );
  return { t, api };
}

describe("removal messages", () => {
  const { t, api } = wordsIn("en");

  it("says the app lost its access", () => {
    expect(removedMessage(t, "Demo app")).toBe("Demo app can no longer access your account.");
  });

  it("passes the API's sentence on as it is", () => {
    const error = new PortalApiError(503, "service_unavailable", "The account service is not answering. Try again in a moment.");
    expect(removalFailedMessage(t, api, "Demo app", error)).toBe("We couldn’t remove access for Demo app. The account service is not answering. Try again in a moment.");
  });

  it("turns a bare phrase into a sentence", () => {
    expect(removalFailedMessage(t, api, "Demo app", new PortalApiError(500, "server_error", "something broke"))).toBe(
      "We couldn’t remove access for Demo app. Something broke.",
    );
  });

  it("explains an app that is no longer there", () => {
    expect(removalFailedMessage(t, api, "Demo app", new PortalApiError(404, "not_found", "consent not found"))).toBe(
      "We couldn’t find Demo app on your account any more. Its access may have been removed already.",
    );
  });

  it("says the same in Spanish, in a sentence of the page's own in place of the API's English", () => {
    const spanish = wordsIn("es");
    expect(removedMessage(spanish.t, "Demo app")).toBe("Demo app ya no puede acceder a su cuenta.");
    expect(removalFailedMessage(spanish.t, spanish.api, "Demo app", new PortalApiError(500, "server_error", "something broke"))).toBe(
      "No pudimos quitar el acceso de Demo app. Algo salió mal de nuestra parte. Inténtelo de nuevo en un momento.",
    );
  });
});
