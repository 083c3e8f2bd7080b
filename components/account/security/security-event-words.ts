import type { SecurityEventType } from "@/lib/security-log/record-security-event";

/**
 * A security log entry in words a member understands: "Signed in", "Removed access for demo-app". Types
 * this page does not know yet (the log grows with the product) still read sensibly, from their name.
 */

type Detail = Record<string, unknown> | null;

const text = (detail: Detail, key: string): string | null => {
  const value = detail?.[key];
  return typeof value === "string" && value ? value : null;
};

const count = (detail: Detail, key: string): number | null => {
  const value = detail?.[key];
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
};

/** Contact values in the log are masked by the API already ("j***@e***.org"). */
const withValue = (words: string, value: string | null) => (value ? `${words}: ${value}` : words);

/** A federated event's provider: its display name, else its id. */
const providerName = (detail: Detail) => text(detail, "provider_name") ?? text(detail, "provider");

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const FAILED_SIGN_IN: Record<string, string> = {
  password: "Failed sign-in: wrong password",
  totp: "Failed sign-in: wrong code from the authenticator app",
  recovery_code: "Failed sign-in: wrong recovery code",
  email_code: "Failed sign-in: wrong code from the sign-in email",
  passkey: "Failed sign-in with a passkey",
  passkey_device_type: "Failed sign-in with a passkey",
  passkey_counter: "Passkey refused as a possible copy",
};

/** How a sign-in was proved, when it was not a password alone: a passkey, a provider, a code sent by email. */
const signedInWith = (detail: Detail): string | null => {
  const passkey = text(detail, "passkey");
  if (text(detail, "method") === "passkey") return passkey ? `a passkey (${passkey})` : "a passkey";
  if (providerName(detail)) return providerName(detail);
  if (text(detail, "method") === "email_code" || text(detail, "first_method") === "email_code") return "a code sent by email";
  return null;
};

/** Every type the log records has its words: a type added to SECURITY_EVENT_TYPES without them does not compile. */
const WORDS = {
  account_created: () => "Account created",
  email_verified: (detail) => (text(detail, "via") === "sign_in_code" ? "Email address confirmed by a sign-in code" : "Email address confirmed"),
  sign_in: (detail) => (signedInWith(detail) ? `Signed in with ${signedInWith(detail)}` : "Signed in"),
  sign_in_failed: (detail) => {
    const words = FAILED_SIGN_IN[text(detail, "reason") ?? ""] ?? "Failed sign-in attempt";
    return text(detail, "method") === "passkey" ? withValue(words, text(detail, "passkey")) : words;
  },
  sign_out: () => "Signed out",
  recovery_code_used: (detail) => {
    const remaining = count(detail, "remaining");
    return remaining === null ? "Signed in with a recovery code" : `Signed in with a recovery code (${plural(remaining, "code", "codes")} left)`;
  },
  password_reset_requested: () => "Password reset requested",
  password_changed: (detail) => (text(detail, "by") === "command-line" ? "Password set on the church’s server" : "Password changed"),
  password_set: () => "Password added",
  consent_granted: (detail) => `Allowed ${text(detail, "client_id") ?? "an app"} to access your account`,
  consent_revoked: (detail) =>
    `${text(detail, "by") === "guardian" ? "Your parent or guardian removed" : "Removed"} access for ${text(detail, "client_id") ?? "an app"}`,
  session_revoked: (detail) => {
    const others = count(detail, "others");
    return others === null ? "Signed out a session" : `Signed out everywhere else (${plural(others, "session", "sessions")})`;
  },
  totp_enabled: () => "Two-step sign-in turned on",
  totp_disabled: (detail) => (text(detail, "method") === "recovery_code" ? "Two-step sign-in turned off with a recovery code" : "Two-step sign-in turned off"),
  recovery_codes_regenerated: () => "New recovery codes made",
  second_factor_failed: () => "Wrong code entered on this page",
  recovery_contact_added: (detail) => withValue("Recovery contact added", text(detail, "value")),
  recovery_contact_verified: (detail) => withValue("Recovery contact verified", text(detail, "value")),
  recovery_contact_removed: (detail) => withValue("Recovery contact removed", text(detail, "value")),
  phone_verified: (detail) => withValue("Mobile number verified", text(detail, "phone")),
  data_export_requested: () => "Copy of your data made",
  data_export_downloaded: () => "Copy of your data downloaded",
  deletion_requested: () => "Account deletion requested",
  deletion_cancelled: () => "Account deletion cancelled",
  family_joined: (detail) =>
    text(detail, "by") ? "Church staff added you to a household" : text(detail, "role") === "child" ? "Joined a family as a child" : "Joined a family",
  family_code_rotated: () => "Made a new family code",
  dependent_consent_revoked: (detail) => `Removed access for ${text(detail, "client_id") ?? "an app"} to a dependent’s account`,
  guardianship_ended: (detail) =>
    text(detail, "by") ? "Church staff ended a guardianship" : text(detail, "guardian_id") ? "You came of age: your account is yours alone now" : "A dependent came of age: you no longer act for them",
  membership_linked: () => "Linked to your church membership record",
  membership_link_requested: () => "Asked church staff to link your membership record",
  federated_identity_linked: (detail) => withValue(`Linked your ${providerName(detail) ?? "provider"} account`, text(detail, "email")),
  federated_identity_removed: (detail) => withValue(`Unlinked your ${providerName(detail) ?? "provider"} account`, text(detail, "email")),
  membership_link_rejected: () => "Church staff could not confirm a membership record you asked about",
  account_disabled: () => "Account disabled by church staff",
  account_enabled: () => "Account enabled again by church staff",
  roles_changed: (detail) => (text(detail, "by") === "command-line" ? "Made an administrator on the church’s server" : "Your roles were changed by church staff"),
  guardianship_created: (detail) => (text(detail, "request_id") ? "Church staff confirmed a proposed guardianship" : "Church staff recorded a guardianship"),
  family_created: () => "Created a household",
  family_left: (detail) => (text(detail, "by") ? "Church staff took you out of your household" : "Left your household"),
  family_renamed: (detail) => withValue("Church staff renamed your household", text(detail, "name")),
  family_merged: () => "Church staff merged your household into another one",
  // The adult's entry names the child; the child's own entry says who added them.
  // Staff's entries say `by`: the adults' name the child, the child's own say nothing more.
  family_child_added: (detail) =>
    text(detail, "by")
      ? text(detail, "child_name")
        ? withValue("Church staff added a child to your household", text(detail, "child_name"))
        : "Added to a household by church staff"
      : text(detail, "added_by")
        ? "Added to a household by a parent or guardian"
        : withValue("Added a child to your household", text(detail, "child_name")),
  family_child_updated: (detail) =>
    text(detail, "by")
      ? text(detail, "child_name")
        ? withValue("Church staff changed a child’s details", text(detail, "child_name"))
        : "Your details were changed by church staff"
      : text(detail, "changed_by")
        ? "Your details were changed by a parent or guardian"
        : withValue("Changed a child’s details", text(detail, "child_name")),
  family_child_removed: (detail) => withValue(text(detail, "by") ? "Church staff removed a child from your household" : "Removed a child from your household", text(detail, "child_name")),
  pickup_person_added: (detail) => (text(detail, "kind") === "not_authorized" ? "Marked someone as not allowed to collect a child" : "Added someone who may collect a child"),
  pickup_person_removed: () => "Took someone off a child’s pickup list",
  checked_in: (detail) => withValue("Checked in", text(detail, "event_title")),
  checked_out: (detail) => withValue("Checked out", text(detail, "event_title")),
  check_in_card_issued: (detail) => (detail?.["replaced"] === true ? "New household check-in card issued; the old card stopped working" : "Household check-in card issued"),
  check_in_card_revoked: () => "Household check-in card revoked",
  schedule_feed_issued: (detail) => (detail?.["replaced"] === true ? "New calendar feed address made; the old address stopped working" : "Calendar feed address made for your schedule"),
  schedule_feed_revoked: () => "Calendar feed address revoked",
  schedule_feed_shown: () => "Calendar feed address shown again",
  name_changed: (detail) => withValue("Name changed", [text(detail, "name"), text(detail, "goes_by") && `goes by ${text(detail, "goes_by")}`].filter(Boolean).join(", ")),
  email_changed: (detail) => withValue("Email address changed", text(detail, "to")),
  guardianship_requested: () => "A household adult was proposed as guardian, waiting for the young person’s answer",
  guardianship_confirmed: () => "A guardianship was confirmed by the young person",
  guardianship_declined: () => "A proposed guardianship was declined by the young person",
  sessions_ended_by_staff: (detail) => {
    const sessions = count(detail, "sessions");
    return sessions ? `Church staff signed you out everywhere (${plural(sessions, "session", "sessions")})` : "Church staff signed you out everywhere";
  },
  membership_unlinked: () => "Church staff unlinked your membership record from this account",
  membership_record_updated: () => "Church staff updated your membership record",
  passkey_added: (detail) => withValue("Passkey added", text(detail, "name")),
  passkey_renamed: (detail) => {
    const name = text(detail, "name");
    const previous = text(detail, "previous_name");
    return previous && name ? `Passkey renamed: ${previous} → ${name}` : withValue("Passkey renamed", name);
  },
  passkey_removed: (detail) => withValue("Passkey removed", text(detail, "name")),
  sign_in_code_sent: () => "Sign-in code sent by email",
} satisfies Record<SecurityEventType, (detail: Detail) => string>;

export function securityEventWords(type: string, detail: Detail): string {
  if (Object.hasOwn(WORDS, type)) return WORDS[type as SecurityEventType](detail);
  const spaced = type.replace(/_/g, " ").trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : "Account activity";
}
