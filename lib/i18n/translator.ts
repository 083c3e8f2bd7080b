import { createTranslator } from "use-intl/core";
import type { AppLocale } from "../kernel/locales.ts";
import { messagesOf, type Messages } from "./messages.ts";

type Translator<Namespace extends keyof Messages> = ReturnType<typeof createTranslator<Messages, Namespace>>;

/** One translator per language and namespace: each keeps the ICU messages it has parsed, so none is parsed twice. */
const translators = new Map<string, unknown>();

/**
 * A translator of one namespace of the messages, for code outside React's rendering: form handlers (some run
 * in the custom server, server/main.ts, where next-intl cannot), emails, the outbox and scripts. The same ICU
 * messages and formatting as next-intl's, through the package next-intl is built on.
 */
export function translatorFor<Namespace extends keyof Messages>(locale: AppLocale, namespace: Namespace): Translator<Namespace> {
  const key = `${locale}\u0000${namespace}`;
  let translator = translators.get(key) as Translator<Namespace> | undefined;
  if (!translator) {
    translator = createTranslator({ locale, messages: messagesOf(locale), namespace });
    translators.set(key, translator);
  }
  return translator;
}
