import "server-only";
import { email, emailWords, link } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/**
 * The emails of "forgot password", in plain text and plain words. The code appears in the body only, not in
 * the subject, so a locked phone's notification does not show it. (A code sent to a phone contact is
 * worded in lib/contacts/contact-messages.ts.)
 */
// i18n-namespace: Email
const minutes = CODE_TTL_SECONDS / 60;

export function passwordResetCodeEmail(to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("passwordReset.subject"), [t("hello", { name: givenName }), "", t("passwordReset.code", { code }), "", t("typeItWhereAsked", { minutes }), t("passwordReset.notYou")], locale);
}

export function passwordChangedEmail(to: string, givenName: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("passwordChanged.subject"), [t("hello", { name: givenName }), "", t("passwordChanged.changed"), "", t("passwordChanged.notYou", { link: link("/forgot-password") })], locale);
}
