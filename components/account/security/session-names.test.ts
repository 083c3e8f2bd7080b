import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import type { MemberSession } from "@/lib/sessions/schemas";
import { distinctSessionNames, type SessionNameTranslator } from "./session-names";

function session(id: string, browser: string, createdAt: string, app: MemberSession["app"] = null): MemberSession {
  return {
    id,
    device: "Linux computer",
    browser,
    ip: null,
    app,
    created_at: createdAt,
    last_seen_at: createdAt,
    idle_expires_at: createdAt,
    expires_at: createdAt,
    current: false,
  };
}

const iso = (date: Date) => date.toISOString();

function words(locale: AppLocale): SessionNameTranslator {
  const t = translatorFor(locale, "AccountSecurity");
  return (key, values) => t(`sessions.${key}`, values);
}

describe("distinctSessionNames", () => {
  it("names a session by its browser and device, or the app signed in with a code", () => {
    const names = distinctSessionNames(words("en"), [session("a", "Chrome", "2030-01-01T10:00:00Z"), session("b", "Firefox", "2030-01-01T10:00:00Z", { client_id: "kiosk", name: "Lobby kiosk" })], iso);
    expect([...names.values()]).toEqual(["Chrome on Linux computer", "Lobby kiosk on Linux computer"]);
  });

  it("tells sessions with the same name apart by when each was signed in, and leaves the others alone", () => {
    const names = distinctSessionNames(
      words("en"),
      [session("a", "Chrome", "2030-01-01T10:00:00Z"), session("b", "Chrome", "2030-01-02T09:30:00Z"), session("c", "Firefox", "2030-01-03T08:00:00Z")],
      iso,
    );
    expect(names.get("a")).toBe("Chrome on Linux computer, signed in 2030-01-01T10:00:00.000Z");
    expect(names.get("b")).toBe("Chrome on Linux computer, signed in 2030-01-02T09:30:00.000Z");
    expect(names.get("c")).toBe("Firefox on Linux computer");
  });

  it("says the same in Spanish", () => {
    const names = distinctSessionNames(
      words("es"),
      [session("a", "Chrome", "2030-01-01T10:00:00Z"), session("b", "Chrome", "2030-01-02T09:30:00Z"), session("c", "Firefox", "2030-01-03T08:00:00Z", { client_id: "kiosk", name: "Quiosco" })],
      iso,
    );
    expect(names.get("a")).toBe("Chrome en Linux computer, sesión iniciada el 2030-01-01T10:00:00.000Z");
    expect(names.get("c")).toBe("Quiosco en Linux computer");
  });
});
