import "server-only";
import { email, emailWords } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/** The setup wizard's emails (issue 39): plain words, the code in the body only. */
// i18n-namespace: Email
export function setupEmailCodeMessage(to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("setup.subject"), [t("hello", { name: givenName }), "", t("setup.code", { code }), "", t("setup.typeIt", { minutes: CODE_TTL_SECONDS / 60 })], locale);
}
