import { describe, expect, it } from "vitest";
import { PortalApiError } from "@/lib/portal-api/client";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import { apiMessagesIn, asSentence, type ApiMessageWords } from "./api-messages";

function messagesIn(locale: AppLocale) {
  const t = translatorFor(locale, "ApiMessages");
  const limits = translatorFor(locale, "AttemptLimits");
  const words: ApiMessageWords = Object.assign((key: Parameters<ApiMessageWords>[0]) => t(key), {
    wait: (unit: "seconds" | "minutes", count: number) => (unit === "seconds" ? limits("waitSeconds", { seconds: count }) : limits("waitMinutes", { minutes: count })),
  });
  return apiMessagesIn(locale, words);
}

describe("API messages for members", () => {
  const english = messagesIn("en");
  const spanish = messagesIn("es");

  it("makes a phrase a sentence and leaves a sentence alone", () => {
    expect(asSentence("  something broke ")).toBe("Something broke.");
    expect(asSentence("Try again in a moment.")).toBe("Try again in a moment.");
    expect(asSentence("")).toBe("");
  });

  it("says what failed and why, in English with the API's own reason", () => {
    expect(english.failed("We couldn’t sign out that session.", new PortalApiError(500, "server_error", "something broke"))).toBe("We couldn’t sign out that session. Something broke.");
    expect(english.failed("We couldn’t turn it off.", new Error(" "))).toBe("We couldn’t turn it off. Please try again.");
  });

  it("puts a sentence of the page's language in place of the API's English reason", () => {
    expect(spanish.failed("No pudimos cerrar esa sesión.", new PortalApiError(404, "not_found", "session not found"))).toBe("No pudimos cerrar esa sesión. Inténtelo de nuevo.");
    expect(spanish.reason(new PortalApiError(0, "network_error", "We could not reach the server."))).toMatch(/^No pudimos conectar/);
    expect(spanish.reason(new PortalApiError(503, "temporarily_unavailable", "down"))).toMatch(/^Algo salió mal/);
  });

  it("tells how long to wait after too many attempts, in seconds or whole minutes", () => {
    expect(english.wait(new PortalApiError(429, "too_many_requests", "slow down", 8))).toBe("Too many attempts. Try again in 8 seconds.");
    expect(english.wait(new PortalApiError(429, "too_many_requests", "slow down", 61))).toBe("Too many attempts. Try again in 2 minutes.");
    expect(english.wait(new PortalApiError(429, "too_many_requests", "slow down", 60))).toBe("Too many attempts. Try again in 1 minute.");
    expect(english.wait(new PortalApiError(429, "too_many_requests", "slow down"))).toBe("Too many attempts. Wait a little, then try again.");
    expect(english.wait(new PortalApiError(400, "invalid_request", "bad"))).toBeNull();
    expect(spanish.wait(new PortalApiError(429, "too_many_requests", "slow down", 1))).toBe("Demasiados intentos. Inténtelo de nuevo en 1 segundo.");
  });

  it("finds the sentence for one field, in English as the API says it", () => {
    const refusal = new PortalApiError(400, "invalid_request", "new_password: use at least 12 characters");
    expect(english.fieldRefusal(refusal, "new_password")).toBe("Use at least 12 characters.");
    expect(english.fieldRefusal(refusal, "given_name")).toBeNull();
    expect(spanish.fieldRefusal(refusal, "new_password")).toBe("Revise lo que escribió aquí.");
  });
});
