import { describe, expect, it } from "vitest";
import { createClientBodySchema } from "@/lib/oauth/clients/staff-schemas";
import { DEVICE_CODE_GRANT_TYPE } from "@/lib/oauth/device/device-policy";
import { translatorFor } from "@/lib/i18n/translator";
import { LOCALES } from "@/lib/kernel/locales";
import { GRANT_TYPES } from "@/lib/oauth/clients/grant-types";
import { SUPPORTED_SCOPES } from "@/lib/oauth/scopes";
import { APP_KINDS, APP_PRESETS, grantWords, kindDescription, kindInWords, kindTitle, listedKindHint, listedKindOf, scopeWords, scopesInWords } from "./client-kinds";

const english = translatorFor("en", "AdminClients");
const spanish = translatorFor("es", "AdminClients");

// Staff › Apps in words (issue 38, item 14): each kind of app the register form offers fills in settings the
// API takes as they are (with what the page then asks: a name, an address, a kiosk's campus), and the list
// names an app from its settings.

const ASKED = {
  website: { redirect_uris: ["https://groups.example.org/signed-in"] },
  phone: { redirect_uris: ["https://app.example.org/signed-in"] },
  kiosk: { check_in_campus_id: "cmp_harbor" },
  other: { redirect_uris: ["https://other.example.org/cb"] },
} as const;

describe("the kinds of app", () => {
  it("each preset's settings, with what its form asks, are a body the API accepts, as the issue describes them", () => {
    for (const kind of APP_KINDS) {
      const { settings } = APP_PRESETS[kind];
      const parsed = createClientBodySchema.safeParse({ name: "An app", ...settings, ...ASKED[kind] });
      expect(parsed.success, `${kind}: ${parsed.error?.message}`).toBe(true);
    }
    expect(APP_PRESETS.website.settings).toMatchObject({ type: "confidential", grant_types: ["authorization_code", "refresh_token"], require_pkce: true, first_party: false });
    expect(APP_PRESETS.phone.settings).toMatchObject({
      type: "public",
      grant_types: ["authorization_code", "refresh_token"],
      require_pkce: true,
      dpop_bound_access_tokens: true,
      scopes: expect.arrayContaining(["offline_access"]),
    });
    expect(APP_PRESETS.kiosk.settings).toMatchObject({ type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"], scopes: ["openid", "check-in:kiosk"], first_party: true });
    // A kiosk without its campus is the API's refusal, in the register rule's words.
    const noCampus = createClientBodySchema.safeParse({ name: "Lobby", ...APP_PRESETS.kiosk.settings });
    expect(noCampus.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual(["check_in_campus_id: a kiosk (scope check-in:kiosk) needs the campus it serves"]);
  });

  it("every scope, grant type and kind has the office's words in every language; a list of scopes is said in the usual order, an unknown one by name", () => {
    for (const locale of LOCALES) {
      const t = translatorFor(locale, "AdminClients");
      for (const scope of SUPPORTED_SCOPES) expect(scopeWords(scope, t), `${locale} ${scope}`).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
      for (const grant of GRANT_TYPES) expect(grantWords(grant, t), `${locale} ${grant}`).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
      for (const kind of APP_KINDS) expect(`${kindTitle(kind, t)} ${kindDescription(kind, t)}`, `${locale} ${kind}`).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
    }
    expect(scopesInWords(["email", "openid", "profile", "made-up"], english)).toEqual(["Who they are, when they sign in", "Their name and language", "Their email address", "made-up"]);
    expect(scopesInWords(["email", "openid", "made-up"], spanish)).toEqual(["Quiénes son, al iniciar sesión", "Su correo electrónico", "made-up"]);
    expect(grantWords("made_up", english)).toBe("made_up");
    expect(kindTitle("website", english)).toBe("A website that signs members in");
  });

  it("the list names an app from its settings", () => {
    const app = (fields: Partial<Parameters<typeof listedKindOf>[0]>) => ({ type: "confidential" as const, grant_types: ["authorization_code", "refresh_token"], check_in_campus: null, ...fields });
    expect(kindInWords(app({}), english)).toBe("Website");
    expect(kindInWords(app({ type: "public" }), english)).toBe("Phone app");
    expect(kindInWords(app({ type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"], check_in_campus: { id: "cmp_1", name: "Harbor Point" } }), english)).toBe("Check-in kiosk at Harbor Point");
    expect(kindInWords(app({ type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"] }), english)).toBe("Screen set up with a code");
    expect(kindInWords(app({ grant_types: ["client_credentials"] }), english)).toBe("Server");
    expect(kindInWords(app({ grant_types: ["refresh_token"] }), english)).toBe("Other app");
    expect(listedKindHint("website", english)).toBe("Members sign in to it in their browser; it keeps a secret on its server.");
    expect(listedKindHint("other", english)).toBeNull();
    expect(kindInWords(app({ type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"], check_in_campus: { id: "cmp_1", name: "Harbor Point" } }), spanish)).toBe("Quiosco de registro en Harbor Point");
    expect(kindInWords(app({ type: "public" }), spanish)).toBe("Aplicación para teléfono");
  });
});
