import "server-only";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { email, emailWords } from "../accounts/account-messages.ts";
import { smsText } from "../contacts/contact-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { ContactChannel } from "../contacts/mask-contact.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";

// i18n-namespace: Email
const minutes = CODE_TTL_SECONDS / 60;

/**
 * The code that proves a member reads the contact on file of a register record. Sent to whoever the
 * record names, who may not be the member asking: it names neither the account nor the record's person,
 * and says what to do when it was not them.
 */
export function membershipCodeMessage(channel: ContactChannel, to: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  if (channel === "phone") {
    return { channel: "sms", recipient: to, body: smsText([t("sms.membership", { church: CHURCH_NAME_SLOT, code, minutes })], code), locale };
  }
  return email(
    to,
    t("membership.subject"),
    [t("helloNoName"), "", t("membership.asked", { church: CHURCH_NAME_SLOT }), t("membership.code", { code }), "", t("typeItWhereAsked", { minutes }), t("membership.notYou")],
    locale,
  );
}
