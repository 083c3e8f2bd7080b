import { createTranslator } from "use-intl/core";
import type { Messages } from "@/lib/i18n/messages";
import type { AppLocale } from "@/lib/kernel/locales";

/**
 * The kiosk's words (issue 41): the "Kiosk" messages, as ICU strings, which the page hands to the screen in
 * every language (no message provider, decision 0039) and the browser formats with use-intl's translator, the
 * one next-intl is built on. The kiosk is shared by many families, so its language is chosen per visit
 * (kiosk-screen.tsx) among all of them; the set-up screen, before that, speaks the page's own.
 */
export type KioskMessages = Messages["Kiosk"];

/** What the enrolled kiosk shows: everything but the set-up screen's words and the page's title. */
export type KioskScreenMessages = Pick<KioskMessages, "errors" | "common" | "screen" | "checkIn" | "pickup" | "signOut" | "labels" | "refusals">;

/** What the set-up screen shows. */
export type KioskEnrolMessages = Pick<KioskMessages, "errors" | "enrol">;

export function kioskScreenMessages(all: KioskMessages): KioskScreenMessages {
  return { errors: all.errors, common: all.common, screen: all.screen, checkIn: all.checkIn, pickup: all.pickup, signOut: all.signOut, labels: all.labels, refusals: all.refusals };
}

export function kioskEnrolMessages(all: KioskMessages): KioskEnrolMessages {
  return { errors: all.errors, enrol: all.enrol };
}

/** The enrolled kiosk's translator in one language: `t("checkIn.find")`. */
export function kioskTranslator(locale: AppLocale, messages: KioskScreenMessages) {
  return createTranslator({ locale, messages: { Kiosk: messages }, namespace: "Kiosk" });
}

/** The set-up screen's translator: `t("enrol.setUp")`. */
export function kioskEnrolTranslator(locale: AppLocale, messages: KioskEnrolMessages) {
  return createTranslator({ locale, messages: { Kiosk: messages }, namespace: "Kiosk" });
}

export type KioskT = ReturnType<typeof kioskTranslator>;

/** The two sentences every kiosk screen may need for a refusal that came with none of its own. */
export type KioskErrorWords = (key: "errors.offline" | "errors.somethingWentWrong") => string;
