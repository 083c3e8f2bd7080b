import { describe, expect, it } from "vitest";
import { apiMessagesIn, type ApiMessageWords } from "@/components/account/api-messages";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import { PortalApiError } from "@/lib/portal-api/client";
import { splitSetupRefusal } from "./setup-api";

function refusalsIn(locale: AppLocale) {
  const t = translatorFor(locale, "ApiMessages");
  const limits = translatorFor(locale, "AttemptLimits");
  const words: ApiMessageWords = Object.assign((key: Parameters<ApiMessageWords>[0]) => t(key), {
    wait: (unit: "seconds" | "minutes", count: number) => (unit === "seconds" ? limits("waitSeconds", { seconds: count }) : limits("waitMinutes", { minutes: count })),
  });
  const api = apiMessagesIn(locale, words);
  const setup = translatorFor(locale, "Setup");
  return (error: Error | null) => splitSetupRefusal(api, error, ["email", "email_code"] as const, setup("wizard.you.failed"));
}

describe("the setup wizard's refusals", () => {
  const english = refusalsIn("en");
  const spanish = refusalsIn("es");
  const wrongCode = new PortalApiError(400, "invalid_request", "email_code: is not the code we emailed; check it, or ask for a new one");
  const conflict = new PortalApiError(409, "conflict", "save the church and the administrator first");

  it("are nothing without an error", () => {
    expect(english(null)).toEqual({ field: null, message: "" });
  });

  it("put a refusal naming a field under that field, in the API's English on an English page", () => {
    expect(english(wrongCode)).toEqual({ field: "email_code", message: "Is not the code we emailed; check it, or ask for a new one." });
    expect(spanish(wrongCode)).toEqual({ field: "email_code", message: "Revise lo que escribió aquí." });
  });

  it("say what failed above the form for any other refusal", () => {
    expect(english(conflict)).toEqual({ field: null, message: "We couldn’t make your account. Save the church and the administrator first." });
    expect(spanish(conflict)).toEqual({ field: null, message: "No pudimos crear su cuenta. Inténtelo de nuevo." });
  });
});
