import { getRequestConfig } from "next-intl/server";
import { currentChurch } from "@/lib/http/current-church";
import { requestLocale } from "@/lib/http/request-locale";
import { messagesOf } from "@/lib/i18n/messages";

/**
 * next-intl's per-request configuration (issue 41): the language requestLocale() negotiates, its messages, and
 * the church's time zone, so dates render alike on the server and in the browser. Only Next's bundles read
 * this; code the custom server runs (server/main.ts) translates with lib/i18n/translator.ts instead.
 */
export default getRequestConfig(async () => {
  const [locale, church] = await Promise.all([requestLocale(), currentChurch()]);
  return { locale, timeZone: church.timeZone, messages: messagesOf(locale) };
});
