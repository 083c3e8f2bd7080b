import "server-only";
import { email, emailWords, link } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/** The code of "Email me a code"; in the body only, never the subject (a locked phone shows subjects). */
// i18n-namespace: Email
export function signInCodeEmail(to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(
    to,
    t("signInCode.subject"),
    [
      t("hello", { name: givenName }),
      "",
      t("signInCode.code", { code }),
      "",
      t("signInCode.typeIt", { minutes: CODE_TTL_SECONDS / 60 }),
      t("signInCode.neverShare"),
      "",
      t("signInCode.notYou", { link: link("/account/security") }),
    ],
    locale,
  );
}
