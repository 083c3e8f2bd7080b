import en from "../../messages/en.json" with { type: "json" };
import es from "../../messages/es.json" with { type: "json" };
import type { AppLocale } from "../kernel/locales.ts";

/** Every language's messages (messages/<tag>.json), English's shape the one the others must have. */
export type Messages = typeof en;

const MESSAGES: Record<AppLocale, Messages> = { en, es };

export function messagesOf(locale: AppLocale): Messages {
  return MESSAGES[locale];
}
