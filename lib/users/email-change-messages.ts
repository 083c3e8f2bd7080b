import "server-only";
import { email, emailWords } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/**
 * The emails of changing one's sign-in address (Account › Profile): the code, to the new address; and, when
 * the new address already has an account here, a note to it instead, so the page cannot be used to learn
 * which addresses have accounts. (The old address is told by a security notice once the change is made.)
 */
// i18n-namespace: Email
const minutes = CODE_TTL_SECONDS / 60;

export function emailChangeCodeEmail(to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("emailChange.subject"), [t("hello", { name: givenName }), "", t("emailChange.code", { code }), "", t("typeItWhereAsked", { minutes }), t("emailChange.notYou")], locale);
}

export function emailAlreadyInUseEmail(to: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("emailInUse.subject"), [t("helloNoName"), "", t("emailInUse.tried"), "", t("emailInUse.whatToDo")], locale);
}
