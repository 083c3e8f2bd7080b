import type { ApiMessages } from "@/components/account/api-messages";
import { PortalApiError } from "@/lib/portal-api/client";

// i18n-namespace: AdminPeople

/**
 * What a church office reads when the API refuses a change to someone's account because that account is
 * more powerful than the staff member's own (lib/users/assert-may-act-on-account.ts): which powers it holds
 * that theirs does not, in words, or that they must sign in again first. Pure, so it is unit-tested; its
 * words are AdminPeople.refusals, in the page's language.
 */

/** The staff and volunteer permissions the office has words for (AdminPeople.refusals.permissions, `:` as `_`). */
const PERMISSIONS = [
  "users_read",
  "users_write",
  "roles_write",
  "events_read",
  "events_write",
  "clients_read",
  "clients_write",
  "membership_read",
  "membership_write",
  "people_import",
  "families_read",
  "families_write",
  "audit_read",
  "church_export",
  "settings_write",
  "attendance_read",
  "attendance_write",
  "attendance_kiosk",
] as const;
type PermissionKey = (typeof PERMISSIONS)[number];

/** The change refused, as the sentences name it. */
export type AccountChange = "enable" | "disable" | "signOut" | "saveRoles";

/** AdminPeople's translator (useTranslations("AdminPeople"), or translatorFor(locale, "AdminPeople") in a test). */
export type PersonRefusalTranslator = (
  key: "refusals.failed" | "refusals.stepUp" | "refusals.missing" | "refusals.rolesMissing" | `refusals.permissions.${PermissionKey}`,
  values?: Record<string, string>,
) => string;

export interface PersonRefusalWords {
  t: PersonRefusalTranslator;
  /** The page's language, for a list of powers ("a, b and c"). */
  locale: string;
  api: Pick<ApiMessages, "failed">;
}

const MISSING = /^missing permission ([a-z_:-]+(?:, [a-z_:-]+)*): /;

/** Each power as the office would say what it lets someone do; a permission without words stays its code. */
function powersOf({ t, locale }: PersonRefusalWords, missing: string): string {
  const powers = missing.split(", ").map((permission) => {
    const key = permission.replace(":", "_");
    return (PERMISSIONS as readonly string[]).includes(key) ? t(`refusals.permissions.${key as PermissionKey}`) : permission;
  });
  // "a, b and c": English without the serial comma, as the office has always written it.
  return new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" }).format(powers);
}

export interface PersonRefusal {
  message: string;
  /** Signing in again is what is missing: the page offers it. */
  signInAgain: boolean;
}

/**
 * `change` is what was refused ("disable": "We couldn’t disable Jane Doe’s account."); `name` the member's
 * name. Other refusals keep the usual "We couldn’t …" sentence with the API's reason.
 */
export function personRefusal(words: PersonRefusalWords, change: AccountChange, name: string, error: Error): PersonRefusal {
  const { t, api } = words;
  if (error instanceof PortalApiError && error.signInAgain) {
    return { message: t("refusals.stepUp", { change, name }), signInAgain: true };
  }
  const missing = error instanceof PortalApiError && error.code === "forbidden" ? MISSING.exec(error.message)?.[1] : undefined;
  if (missing) {
    return { message: t("refusals.missing", { change, name, powers: powersOf(words, missing) }), signInAgain: false };
  }
  return { message: api.failed(t("refusals.failed", { change, name }), error), signInAgain: false };
}

/** The roles form: giving a role means giving its powers. */
export function rolesRefusal(words: PersonRefusalWords, name: string, error: Error): PersonRefusal {
  const missing = error instanceof PortalApiError && error.code === "forbidden" ? MISSING.exec(error.message)?.[1] : undefined;
  if (!missing) return personRefusal(words, "saveRoles", name, error);
  return { message: words.t("refusals.rolesMissing", { name, powers: powersOf(words, missing) }), signInAgain: false };
}
