import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { FEDERATION_OUTCOMES, federationOutcomeMessage, type FederationOutcome } from "@/lib/federation/outcomes";

/** Account › Security's sentence after a link attempt, as the page says it (app/(member-pages)/account/security/page.tsx). */
function outcomeWords(locale: "en" | "es", outcome: FederationOutcome, providerName: string | null): string {
  const t = translatorFor(locale, "AccountSecurity");
  return t(`federation.${outcome}`, { named: providerName ? "yes" : "no", provider: providerName ?? "" });
}

describe("the link attempt's outcome in every language", () => {
  const outcomes = Object.keys(FEDERATION_OUTCOMES) as FederationOutcome[];

  it("says in English, through the messages file, exactly what lib's table says, with the provider named or not", () => {
    for (const outcome of outcomes) {
      for (const name of ["Harbor ID", null]) expect(outcomeWords("en", outcome, name)).toBe(federationOutcomeMessage(outcome, name).text);
    }
  });

  it("has a Spanish sentence of its own for each", () => {
    for (const outcome of outcomes) expect(outcomeWords("es", outcome, "Harbor ID")).not.toBe(outcomeWords("en", outcome, "Harbor ID"));
    expect(outcomeWords("es", "linked", "Harbor ID")).toBe("Su cuenta de Harbor ID está vinculada. La próxima vez podrá iniciar sesión con “Continuar con Harbor ID”.");
    expect(outcomeWords("es", "cancelled", null)).toBe("Se canceló la vinculación en el proveedor. No se cambió nada.");
  });
});
