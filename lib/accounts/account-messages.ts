import "server-only";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { env } from "../env.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { translatorFor } from "../i18n/translator.ts";
import type { AppLocale } from "../kernel/locales.ts";

/**
 * The emails of registration, in plain text and plain words, and the helpers every email of the church is
 * written with (the password reset's, the security notices'). Codes appear in the body only, not in the
 * subject, so a locked phone's notification does not show them. Each is written in its recipient's language
 * (issue 41, lib/i18n/recipient-locale.ts), with the "Email" messages.
 */
// i18n-namespace: Email
const minutes = CODE_TTL_SECONDS / 60;

/** The "Email" messages in one language. */
export function emailWords(locale: AppLocale) {
  return translatorFor(locale, "Email");
}

/** How an email writes dates: English as it always has (en-GB: "Sunday 6 December 2026"), other languages their own way. */
export function emailDateLocale(locale: AppLocale): string {
  return locale === "en" ? "en-GB" : locale;
}

/** An absolute link to one of our pages, for emails. */
export function link(path: string): string {
  return `${env().BASE_URL}${path}`;
}

/** A plain-text email of the church in one language: the subject ends with its name, the body is signed with it. */
export function email(to: string, subject: string, lines: string[], locale: AppLocale): OutgoingMessage {
  return { channel: "email", recipient: to, subject: `${subject} · ${CHURCH_NAME_SLOT}`, body: `${lines.join("\n")}\n\n— ${CHURCH_NAME_SLOT}\n`, locale };
}

export function verificationCodeEmail(to: string, givenName: string, code: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(
    to,
    t("verification.subject"),
    [t("hello", { name: givenName }), "", t("verification.code", { code }), "", t("typeItWhereAsked", { minutes }), t("verification.notYou")],
    locale,
  );
}

export function alreadyRegisteredEmail(to: string, givenName: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(
    to,
    t("alreadyRegistered.subject"),
    [
      t("hello", { name: givenName }),
      "",
      t("alreadyRegistered.tried"),
      "",
      t("alreadyRegistered.signIn", { link: link("/sign-in") }),
      t("alreadyRegistered.forgot", { link: link("/forgot-password") }),
      "",
      t("alreadyRegistered.notYou"),
    ],
    locale,
  );
}
