import "server-only";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { email, emailWords } from "../accounts/account-messages.ts";
import { env } from "../env.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import type { ContactChannel } from "./mask-contact.ts";

/**
 * The messages that carry a code to a recovery contact or a phone being verified. Codes appear in the
 * body only (never an email subject), and no message repeats the address or number it is sent to.
 */
// i18n-namespace: Email
const minutes = CODE_TTL_SECONDS / 60;

/**
 * A text ends with the origin-bound line of the WebOTP format (`@host #code`), so a phone's browser can
 * offer to fill the code into the page that asked for it, and only on this site.
 */
export function smsText(lines: string[], code: string): string {
  return `${lines.join(" ")}\n\n@${new URL(env().BASE_URL).host} #${code}`;
}

export function recoveryContactCodeMessage(channel: ContactChannel, to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  if (channel === "phone") {
    return { channel: "sms", recipient: to, body: smsText([t("sms.recoveryContact", { church: CHURCH_NAME_SLOT, code, minutes })], code), locale };
  }
  return email(
    to,
    t("recoveryContact.subject"),
    [t("hello", { name: givenName }), "", t("recoveryContact.code", { code }), "", t("typeItWhereAsked", { minutes }), t("recoveryContact.what"), t("recoveryContact.notYou")],
    locale,
  );
}

export function phoneVerificationSms(to: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return { channel: "sms", recipient: to, body: smsText([t("sms.phone", { church: CHURCH_NAME_SLOT, code, minutes })], code), locale };
}

export function passwordResetCodeSms(to: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return { channel: "sms", recipient: to, body: smsText([t("sms.passwordReset", { church: CHURCH_NAME_SLOT, code, minutes })], code), locale };
}
