import { createTranslator } from "use-intl/core";
import type { AppLocale } from "../kernel/locales.ts";
import { messagesOf, type Messages } from "./messages.ts";

/**
 * A translator of one namespace of the messages, for code outside React's rendering: form handlers (some run
 * in the custom server, server/main.ts, where next-intl cannot), emails, the outbox and scripts. The same ICU
 * messages and formatting as next-intl's, through the package next-intl is built on.
 */
export function translatorFor<Namespace extends keyof Messages>(locale: AppLocale, namespace: Namespace) {
  return createTranslator({ locale, messages: messagesOf(locale), namespace });
}
