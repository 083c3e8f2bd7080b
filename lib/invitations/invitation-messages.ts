import "server-only";
import { email, emailWords, link } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { INVITATION_DAYS, INVITATION_PATH } from "./invitation-rules.ts";

/** The invitation: who sends it, what the link does, and how long it works. The link is the only secret. */
// i18n-namespace: Email
export function invitationEmail(to: string, givenName: string, token: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(
    to,
    t("invitation.subject"),
    [t("hello", { name: givenName }), "", t("invitation.invites"), "", t("invitation.makeAccount"), link(`${INVITATION_PATH}#${token}`), "", t("invitation.works", { days: INVITATION_DAYS })],
    locale,
  );
}
