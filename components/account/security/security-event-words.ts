import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { SecurityEventType } from "@/lib/security-log/record-security-event";

/**
 * A security log entry in words a member understands: "Signed in", "Removed access for demo-app", in the
 * page's language (issue 41: the messages under AccountSecurity.events, one per type, its variants chosen
 * by the entry's detail). Types this page does not know yet (the log grows with the product) still read
 * sensibly: in English from their name, in another language as account activity.
 */
// i18n-namespace: AccountSecurity.events

type Detail = Record<string, unknown> | null;

/** A translator of the AccountSecurity.events messages. */
export type SecurityEventTranslator = (key: string, values?: Record<string, string | number>) => string;

const text = (detail: Detail, key: string): string | null => {
  const value = detail?.[key];
  return typeof value === "string" && value ? value : null;
};

const count = (detail: Detail, key: string): number | null => {
  const value = detail?.[key];
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
};

/** A federated event's provider: its display name, else its id. */
const providerName = (detail: Detail) => text(detail, "provider_name") ?? text(detail, "provider");

const yesNo = (value: unknown) => (value ? "yes" : "no");

/** How a sign-in was proved, when it was not a password alone: a passkey, a provider, a code sent by email. */
function signedInWith(detail: Detail): { how: string; passkey: string; provider: string } {
  const passkey = text(detail, "passkey");
  const provider = providerName(detail);
  const how =
    text(detail, "method") === "passkey"
      ? passkey
        ? "passkey_named"
        : "passkey"
      : provider
        ? "provider"
        : text(detail, "method") === "email_code" || text(detail, "first_method") === "email_code"
          ? "email_code"
          : "password";
  return { how, passkey: passkey ?? "", provider: provider ?? "" };
}

/** Every type the log records has its words: a type added to SECURITY_EVENT_TYPES without them does not compile. */
function wordsFor(t: SecurityEventTranslator): Record<SecurityEventType, (detail: Detail) => string> {
  /** Contact values in the log are masked by the API already ("j***@e***.org"). */
  const withValue = (words: string, value: string | null) => (value ? t("withValue", { what: words, value }) : words);
  const app = (detail: Detail) => ({ named: yesNo(text(detail, "client_id")), app: text(detail, "client_id") ?? "" });
  const provider = (detail: Detail) => ({ named: yesNo(providerName(detail)), provider: providerName(detail) ?? "" });
  const staff = (detail: Detail) => (text(detail, "by") ? "staff" : "member");
  return {
    account_created: () => t("account_created"),
    email_verified: (detail) => t("email_verified", { via: text(detail, "via") === "sign_in_code" ? "sign_in_code" : "other" }),
    sign_in: (detail) => t("sign_in", signedInWith(detail)),
    sign_in_failed: (detail) => {
      const words = t("sign_in_failed", { reason: text(detail, "reason") ?? "other" });
      return text(detail, "method") === "passkey" ? withValue(words, text(detail, "passkey")) : words;
    },
    sign_out: () => t("sign_out"),
    recovery_code_used: (detail) => {
      const remaining = count(detail, "remaining");
      return t("recovery_code_used", { counted: yesNo(remaining !== null), remaining: remaining ?? 0 });
    },
    password_reset_requested: () => t("password_reset_requested"),
    password_changed: (detail) => t("password_changed", { by: text(detail, "by") === "command-line" ? "server" : "member" }),
    password_set: () => t("password_set"),
    consent_granted: (detail) => t("consent_granted", app(detail)),
    consent_revoked: (detail) => t("consent_revoked", { ...app(detail), by: text(detail, "by") === "guardian" ? "guardian" : "member" }),
    session_revoked: (detail) => {
      const others = count(detail, "others");
      return t("session_revoked", { counted: yesNo(others !== null), others: others ?? 0 });
    },
    totp_enabled: () => t("totp_enabled"),
    totp_disabled: (detail) => t("totp_disabled", { method: text(detail, "method") === "recovery_code" ? "recovery_code" : "other" }),
    recovery_codes_regenerated: () => t("recovery_codes_regenerated"),
    second_factor_failed: () => t("second_factor_failed"),
    recovery_contact_added: (detail) => withValue(t("recovery_contact_added"), text(detail, "value")),
    recovery_contact_verified: (detail) => withValue(t("recovery_contact_verified"), text(detail, "value")),
    recovery_contact_removed: (detail) => withValue(t("recovery_contact_removed"), text(detail, "value")),
    phone_verified: (detail) => withValue(t("phone_verified"), text(detail, "phone")),
    data_export_requested: () => t("data_export_requested"),
    data_export_downloaded: () => t("data_export_downloaded"),
    deletion_requested: () => t("deletion_requested"),
    deletion_cancelled: () => t("deletion_cancelled"),
    family_joined: (detail) => t("family_joined", { who: text(detail, "by") ? "staff" : text(detail, "role") === "child" ? "child" : "adult" }),
    family_code_rotated: () => t("family_code_rotated"),
    dependent_consent_revoked: (detail) => t("dependent_consent_revoked", app(detail)),
    guardianship_ended: (detail) => t("guardianship_ended", { who: text(detail, "by") ? "staff" : text(detail, "guardian_id") ? "dependent" : "guardian" }),
    membership_linked: () => t("membership_linked"),
    membership_link_requested: () => t("membership_link_requested"),
    federated_identity_linked: (detail) => withValue(t("federated_identity_linked", provider(detail)), text(detail, "email")),
    federated_identity_removed: (detail) => withValue(t("federated_identity_removed", provider(detail)), text(detail, "email")),
    membership_link_rejected: () => t("membership_link_rejected"),
    account_disabled: () => t("account_disabled"),
    account_enabled: () => t("account_enabled"),
    roles_changed: (detail) => t("roles_changed", { by: text(detail, "by") === "command-line" ? "server" : "staff" }),
    guardianship_created: (detail) => t("guardianship_created", { requested: yesNo(text(detail, "request_id")) }),
    family_created: () => t("family_created"),
    family_left: (detail) => t("family_left", { by: staff(detail) }),
    family_renamed: (detail) => withValue(t("family_renamed"), text(detail, "name")),
    family_merged: () => t("family_merged"),
    // The adult's entry names the child; the child's own entry says who added them.
    // Staff's entries say `by`: the adults' name the child, the child's own say nothing more.
    family_child_added: (detail) => {
      const who = text(detail, "by") ? (text(detail, "child_name") ? "staff_named" : "staff") : text(detail, "added_by") ? "guardian" : "member";
      const words = t("family_child_added", { who });
      return who === "staff_named" || who === "member" ? withValue(words, text(detail, "child_name")) : words;
    },
    family_child_updated: (detail) => {
      const who = text(detail, "by") ? (text(detail, "child_name") ? "staff_named" : "staff") : text(detail, "changed_by") ? "guardian" : "member";
      const words = t("family_child_updated", { who });
      return who === "staff_named" || who === "member" ? withValue(words, text(detail, "child_name")) : words;
    },
    family_child_removed: (detail) => withValue(t("family_child_removed", { by: staff(detail) }), text(detail, "child_name")),
    pickup_person_added: (detail) => t("pickup_person_added", { kind: text(detail, "kind") === "not_authorized" ? "not_authorized" : "authorized" }),
    pickup_person_removed: () => t("pickup_person_removed"),
    checked_in: (detail) => withValue(t("checked_in"), text(detail, "event_title")),
    checked_out: (detail) => withValue(t("checked_out"), text(detail, "event_title")),
    check_in_card_issued: (detail) => t("check_in_card_issued", { replaced: yesNo(detail?.["replaced"] === true) }),
    check_in_card_revoked: () => t("check_in_card_revoked"),
    schedule_feed_issued: (detail) => t("schedule_feed_issued", { replaced: yesNo(detail?.["replaced"] === true) }),
    schedule_feed_revoked: () => t("schedule_feed_revoked"),
    schedule_feed_shown: () => t("schedule_feed_shown"),
    name_changed: (detail) => {
      const name = text(detail, "name");
      const goesBy = text(detail, "goes_by");
      const parts = name && goesBy ? "both" : name ? "name" : goesBy ? "goes_by" : "none";
      return t("name_changed", { parts, name: name ?? "", goesBy: goesBy ?? "" });
    },
    email_changed: (detail) => withValue(t("email_changed"), text(detail, "to")),
    guardianship_requested: () => t("guardianship_requested"),
    guardianship_confirmed: () => t("guardianship_confirmed"),
    guardianship_declined: () => t("guardianship_declined"),
    sessions_ended_by_staff: (detail) => {
      const sessions = count(detail, "sessions");
      return t("sessions_ended_by_staff", { counted: yesNo(sessions), sessions: sessions ?? 0 });
    },
    membership_unlinked: () => t("membership_unlinked"),
    membership_record_updated: () => t("membership_record_updated"),
    passkey_added: (detail) => withValue(t("passkey_added"), text(detail, "name")),
    passkey_renamed: (detail) => {
      const name = text(detail, "name");
      const previous = text(detail, "previous_name");
      return previous && name ? t("passkey_renamed", { both: "yes", previous, name }) : withValue(t("passkey_renamed", { both: "no", previous: "", name: "" }), name);
    },
    passkey_removed: (detail) => withValue(t("passkey_removed"), text(detail, "name")),
    sign_in_code_sent: () => t("sign_in_code_sent"),
  };
}

/**
 * The words for one entry. `t` translates AccountSecurity.events in the page's `locale`; a type without
 * words of its own is read from its name in English, and is "account activity" in any other language.
 */
export function securityEventWords(t: SecurityEventTranslator, locale: string, type: string, detail: Detail): string {
  const words = wordsFor(t);
  if (Object.hasOwn(words, type)) return words[type as SecurityEventType](detail);
  const spaced = type.replace(/_/g, " ").trim();
  return locale === "en" && spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : t("other");
}

/**
 * `describe(type, detail)` in the page's language. The page's message provider must carry
 * "AccountSecurity.events" (components/i18n/client-messages.tsx).
 */
export function useSecurityEventWords(): (type: string, detail: Detail) => string {
  const locale = useLocale();
  const t = useTranslations("AccountSecurity.events");
  return useMemo(() => {
    const translate: SecurityEventTranslator = (key, values) => t(key as never, values as never);
    return (type, detail) => securityEventWords(translate, locale, type, detail);
  }, [locale, t]);
}
