import { describe, expect, it } from "vitest";
import { apiMessagesIn, type ApiMessageWords } from "@/components/account/api-messages";
import { BUILT_IN_ROLES } from "@/lib/identity/built-in-roles";
import { ELEVATED_PERMISSIONS } from "@/lib/identity/permissions";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import { PortalApiError } from "@/lib/portal-api/client";
import { personRefusal, rolesRefusal, type PersonRefusalWords } from "./person-refusal";

/** The words a page gives personRefusal, in one language, through the messages files. */
function wordsIn(locale: AppLocale): PersonRefusalWords {
  const t = translatorFor(locale, "AdminPeople");
  const api = translatorFor(locale, "ApiMessages");
  const limits = translatorFor(locale, "AttemptLimits");
  const apiWords: ApiMessageWords = Object.assign((key: Parameters<ApiMessageWords>[0]) => api(key), {
    wait: (unit: "seconds" | "minutes", count: number) => (unit === "seconds" ? limits("waitSeconds", { seconds: count }) : limits("waitMinutes", { minutes: count })),
  });
  return { t: (key, values) => t(key, values), locale, api: apiMessagesIn(locale, apiWords) };
}

// The staff page's words for the API's refusals of acting on a more powerful account (issue 36, section 3).
describe("personRefusal", () => {
  const english = wordsIn("en");
  const spanish = wordsIn("es");
  const forbidden = new PortalApiError(403, "forbidden", "missing permission audit:read, roles:write: changing an account needs every staff or volunteer permission it holds or is given");

  it("names what the account can do that the staff member's cannot, without permission codes", () => {
    const refusal = personRefusal(english, "disable", "Ada Admin", forbidden);
    expect(refusal).toEqual({
      message: "We couldn’t disable Ada Admin’s account. This account can read the record of what staff did and give people roles, and yours cannot. Only someone who can do everything this account can may change it: ask an administrator.",
      signInAgain: false,
    });
    expect(refusal.message).not.toMatch(/:read|:write/);
  });

  it("says it in Spanish too, the powers listed as Spanish lists them", () => {
    expect(personRefusal(spanish, "disable", "Ada Admin", forbidden)).toEqual({
      message:
        "No pudimos desactivar la cuenta de Ada Admin. Esta cuenta puede leer el registro de lo que hizo el personal y asignar funciones a las personas, y la suya no. Solo alguien que pueda hacer todo lo que hace esta cuenta puede cambiarla: pídaselo a un administrador.",
      signInAgain: false,
    });
  });

  it("has words for every staff and volunteer permission in every language, so no code reaches the page", () => {
    for (const words of [english, spanish]) {
      for (const permission of ELEVATED_PERMISSIONS) {
        const refused = new PortalApiError(403, "forbidden", `missing permission ${permission}: changing an account needs every staff or volunteer permission it holds or is given`);
        expect(personRefusal(words, "disable", "Ada", refused).message, permission).not.toContain(permission);
      }
    }
  });

  it("offers to sign in again when a fresh sign-in is what is missing", () => {
    const stepUp = new PortalApiError(401, "insufficient_user_authentication", "sign in again to change an account that holds staff or volunteer permissions", null, true);
    expect(personRefusal(english, "signOut", "Sam Staff", stepUp)).toEqual({
      message: "We couldn’t sign Sam Staff out yet. Sam Staff can do more than a member can (staff or volunteer work), so for safety we ask you to sign in again first. Then try once more.",
      signInAgain: true,
    });
    expect(personRefusal(spanish, "signOut", "Sam Staff", stepUp)).toEqual({
      message:
        "Todavía no pudimos cerrar las sesiones de Sam Staff. Sam Staff puede hacer más que un miembro (trabajo del personal o de voluntariado), así que por seguridad le pedimos que primero vuelva a iniciar sesión. Luego inténtelo otra vez.",
      signInAgain: true,
    });
  });

  it("keeps the usual sentence for any other refusal, the route's own missing permission included", () => {
    expect(personRefusal(english, "enable", "Jo", new PortalApiError(403, "forbidden", "missing permission users:write"))).toEqual({
      message: "We couldn’t enable Jo’s account. Missing permission users:write.",
      signInAgain: false,
    });
    expect(personRefusal(english, "enable", "Jo", new Error("network down")).signInAgain).toBe(false);
    expect(personRefusal(spanish, "enable", "Jo", new PortalApiError(403, "forbidden", "missing permission users:write")).message).toBe("No pudimos activar la cuenta de Jo. Inténtelo de nuevo.");
  });

  it("says for the roles form that only what one can do may be given or taken", () => {
    const refused = new PortalApiError(403, "forbidden", "missing permission attendance:kiosk: changing an account needs every staff or volunteer permission it holds or is given");
    expect(rolesRefusal(english, "Jo", refused).message).toBe(
      "We couldn’t save Jo’s roles. The change touches what your account cannot do (set up check-in kiosks): you can only give, or take away, what you can do yourself. Ask an administrator.",
    );
    expect(rolesRefusal(spanish, "Jo", refused).message).toBe(
      "No pudimos guardar las funciones de Jo. El cambio toca lo que su cuenta no puede hacer (configurar quioscos de registro): solo puede dar o quitar lo que usted mismo puede hacer. Pídaselo a un administrador.",
    );
    expect(rolesRefusal(english, "Jo", new Error("network down")).message).toBe("We couldn’t save Jo’s roles. Network down.");
  });
});

describe("the built-in roles' words", () => {
  it("say in English, through the messages file, what the product names and describes them", () => {
    const english = translatorFor("en", "AdminPeople");
    for (const role of BUILT_IN_ROLES) {
      expect(english(`shared.roles.${role.name}`)).toBe(role.name);
      expect(english(`shared.roleDescriptions.${role.name}`)).toBe(role.description);
    }
  });
});
