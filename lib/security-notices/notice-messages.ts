import "server-only";
import { email, emailDateLocale, emailWords, link } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { describeUserAgent } from "../sessions/describe-user-agent.ts";

/**
 * The emails that tell a member about a change to their account's security (ASVS V2.2.3), in plain words:
 * what happened, when, from which browser and address, and what to do if it was not them. They never hold
 * a code, a secret or a full contact: contacts arrive masked.
 */
export const SECURITY_NOTICE_KINDS = [
  "recovery_contact_added",
  "second_factor_turned_off",
  "identity_linked",
  "deletion_requested",
  "passkey_added",
  "new_device",
  "password_changed",
  "email_changed",
] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICE_KINDS)[number];

/** What the notice may name besides the time and the browser. */
export interface NoticeFacts {
  /** A recovery contact, masked. */
  contact?: string;
  /** An external provider's name, or a passkey's. */
  name?: string;
  /** When a requested deletion is carried out. */
  dueAt?: Date;
}

// i18n-namespace: Email
function utcTime(locale: AppLocale, at: Date): string {
  return new Intl.DateTimeFormat(emailDateLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at);
}

/** What happened, in the words of its kind; the facts fill it in, or a plain phrase stands for one it lacks. */
function whatHappened(t: ReturnType<typeof emailWords>, locale: AppLocale, kind: SecurityNoticeKind, facts: NoticeFacts): string {
  switch (kind) {
    case "recovery_contact_added":
      return t("notice.kinds.recovery_contact_added.what", { contact: facts.contact ?? t("notice.kinds.recovery_contact_added.someContact") });
    case "identity_linked":
      return t("notice.kinds.identity_linked.what", { name: facts.name ?? t("notice.kinds.identity_linked.someName") });
    case "deletion_requested":
      return facts.dueAt ? t("notice.kinds.deletion_requested.whatOn", { dueAt: utcTime(locale, facts.dueAt) }) : t("notice.kinds.deletion_requested.what");
    case "passkey_added":
      return facts.name ? t("notice.kinds.passkey_added.whatNamed", { name: facts.name }) : t("notice.kinds.passkey_added.what");
    case "email_changed":
      return t("notice.kinds.email_changed.what", { contact: facts.contact ?? t("notice.kinds.email_changed.someContact") });
    case "second_factor_turned_off":
    case "password_changed":
    case "new_device":
      return t(`notice.kinds.${kind}.what`);
  }
}

export function securityNoticeEmail(
  kind: SecurityNoticeKind,
  input: { to: string; givenName: string; context: RequestContext; facts: NoticeFacts; now: Date },
  locale: AppLocale,
): OutgoingMessage {
  const t = emailWords(locale);
  const device = describeUserAgent(input.context.userAgent);
  const from = input.context.ip ? t("notice.fromWithIp", { browser: device.browser, device: device.device, ip: input.context.ip }) : t("notice.from", { browser: device.browser, device: device.device });
  return email(
    input.to,
    t(`notice.kinds.${kind}.subject`),
    [
      t("hello", { name: input.givenName }),
      "",
      whatHappened(t, locale, kind, input.facts),
      "",
      t("notice.when", { when: utcTime(locale, input.now) }),
      from,
      "",
      t("notice.ifYou"),
      t("notice.ifNotYou", { whatToDo: t(`notice.kinds.${kind}.ifNotYou`), link: link("/account/security") }),
      t("notice.cannotSignIn", { link: link("/forgot-password") }),
    ],
    locale,
  );
}
