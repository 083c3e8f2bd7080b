import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import type { AppLocale } from "@/lib/kernel/locales";
import { SECURITY_EVENT_TYPES } from "@/lib/security-log/record-security-event";
import { securityEventWords as describeIn } from "./security-event-words";

/** The words through the messages file, as the page says them in `locale`. */
function wordsIn(locale: AppLocale) {
  const t = translatorFor(locale, "AccountSecurity");
  return (type: string, detail: Record<string, unknown> | null) => describeIn((key, values) => t(`events.${key}` as never, values as never), locale, type, detail);
}

const securityEventWords = wordsIn("en");

describe("security log words", () => {
  it("names the app in consent events", () => {
    expect(securityEventWords("consent_granted", { client_id: "demo-app", scopes: ["openid"] })).toBe("Allowed demo-app to access your account");
    expect(securityEventWords("consent_revoked", { client_id: "demo-app" })).toBe("Removed access for demo-app");
    expect(securityEventWords("consent_revoked", null)).toBe("Removed access for an app");
  });

  it("says when a guardian acted, and what happened in a family", () => {
    expect(securityEventWords("consent_revoked", { client_id: "demo-app", by: "guardian", guardian_id: "x" })).toBe(
      "Your parent or guardian removed access for demo-app",
    );
    expect(securityEventWords("dependent_consent_revoked", { client_id: "demo-app", dependent_id: "x" })).toBe("Removed access for demo-app to a dependent’s account");
    expect(securityEventWords("family_joined", { role: "adult" })).toBe("Joined a family");
    expect(securityEventWords("family_joined", { role: "child" })).toBe("Joined a family as a child");
    expect(securityEventWords("family_code_rotated", null)).toBe("Made a new family code");
    expect(securityEventWords("guardianship_ended", { guardian_id: "x", reason: "age_of_majority" })).toBe("You came of age: your account is yours alone now");
    expect(securityEventWords("guardianship_ended", { dependent_id: "x", reason: "age_of_majority" })).toBe("A dependent came of age: you no longer act for them");
  });

  it("says what church staff did to a household (issue 17: their entries carry `by`)", () => {
    expect(securityEventWords("family_joined", { role: "adult", by: "staff-id" })).toBe("Church staff added you to a household");
    expect(securityEventWords("family_left", { role: "child", by: "staff-id" })).toBe("Church staff took you out of your household");
    expect(securityEventWords("family_left", { role: "adult" })).toBe("Left your household");
    expect(securityEventWords("family_renamed", { name: "The Does", by: "staff-id" })).toBe("Church staff renamed your household: The Does");
    expect(securityEventWords("family_merged", { family_id: "a", from_family_id: "b", by: "staff-id" })).toBe("Church staff merged your household into another one");
    expect(securityEventWords("family_child_added", { child_name: "Noor Haddad", by: "staff-id" })).toBe("Church staff added a child to your household: Noor Haddad");
    expect(securityEventWords("family_child_added", { family_id: "a", by: "staff-id" })).toBe("Added to a household by church staff");
    expect(securityEventWords("family_child_added", { added_by: "adult-id" })).toBe("Added to a household by a parent or guardian");
    expect(securityEventWords("family_child_updated", { family_id: "a", changed: ["notes"], by: "staff-id" })).toBe("Your details were changed by church staff");
    expect(securityEventWords("family_child_removed", { child_name: "Noor Haddad", by: "staff-id" })).toBe("Church staff removed a child from your household: Noor Haddad");
    expect(securityEventWords("guardianship_created", { request_id: "r", by: "staff-id" })).toBe("Church staff confirmed a proposed guardianship");
  });

  it("says why a sign-in failed", () => {
    expect(securityEventWords("sign_in_failed", { reason: "password" })).toBe("Failed sign-in: wrong password");
    expect(securityEventWords("sign_in_failed", { reason: "totp" })).toBe("Failed sign-in: wrong code from the authenticator app");
    expect(securityEventWords("sign_in_failed", { reason: "something new" })).toBe("Failed sign-in attempt");
  });

  it("counts what is left or what went", () => {
    expect(securityEventWords("recovery_code_used", { remaining: 1 })).toBe("Signed in with a recovery code (1 code left)");
    expect(securityEventWords("recovery_code_used", { remaining: 9 })).toBe("Signed in with a recovery code (9 codes left)");
    expect(securityEventWords("session_revoked", { others: 2 })).toBe("Signed out everywhere else (2 sessions)");
    expect(securityEventWords("session_revoked", { session_id: "0b6f" })).toBe("Signed out a session");
    expect(securityEventWords("sessions_ended_by_staff", { by: "x", sessions: 2 })).toBe("Church staff signed you out everywhere (2 sessions)");
    expect(securityEventWords("sessions_ended_by_staff", { by: "x", sessions: 0 })).toBe("Church staff signed you out everywhere");
  });

  it("tells how two-step sign-in was turned off", () => {
    expect(securityEventWords("totp_disabled", { method: "totp" })).toBe("Two-step sign-in turned off");
    expect(securityEventWords("totp_disabled", { method: "recovery_code" })).toBe("Two-step sign-in turned off with a recovery code");
  });

  it("shows the masked contact of contact and phone events", () => {
    expect(securityEventWords("recovery_contact_added", { channel: "email", value: "j***@e***.org" })).toBe("Recovery contact added: j***@e***.org");
    expect(securityEventWords("recovery_contact_removed", null)).toBe("Recovery contact removed");
    expect(securityEventWords("phone_verified", { phone: "+44********89" })).toBe("Mobile number verified: +44********89");
  });

  it("says what happened to the member's data", () => {
    expect(securityEventWords("data_export_requested", { request_id: "0b6f" })).toBe("Copy of your data made");
    expect(securityEventWords("data_export_downloaded", { request_id: "0b6f" })).toBe("Copy of your data downloaded");
    expect(securityEventWords("deletion_requested", { due_at: "2026-12-05T00:00:00.000Z" })).toBe("Account deletion requested");
    expect(securityEventWords("deletion_cancelled", null)).toBe("Account deletion cancelled");
  });

  it("names the passkey of a passkey sign-in, and why one was refused", () => {
    expect(securityEventWords("sign_in", { method: "passkey", passkey: "Anna’s phone", amr: ["hwk", "user", "mfa"] })).toBe("Signed in with a passkey (Anna’s phone)");
    expect(securityEventWords("sign_in", { method: "passkey" })).toBe("Signed in with a passkey");
    expect(securityEventWords("sign_in_failed", { method: "passkey", reason: "passkey_counter", passkey: "Old key" })).toBe("Passkey refused as a possible copy: Old key");
    expect(securityEventWords("sign_in_failed", { method: "passkey", reason: "passkey" })).toBe("Failed sign-in with a passkey");
  });

  it("names the provider of federated sign-ins and links", () => {
    expect(securityEventWords("sign_in", { method: "federated", provider: "harbor", provider_name: "Harbor ID" })).toBe("Signed in with Harbor ID");
    expect(securityEventWords("sign_in", { method: "federated", provider: "harbor" })).toBe("Signed in with harbor");
    expect(securityEventWords("sign_in", { method: "password" })).toBe("Signed in");
    expect(securityEventWords("federated_identity_linked", { provider: "harbor", provider_name: "Harbor ID", email: "a***@u***.example" })).toBe(
      "Linked your Harbor ID account: a***@u***.example",
    );
    expect(securityEventWords("federated_identity_removed", { provider: "harbor", provider_name: "Harbor ID" })).toBe("Unlinked your Harbor ID account");
  });

  it("reads a type it does not know from its name", () => {
    expect(securityEventWords("mailing_list_joined", null)).toBe("Mailing list joined");
    expect(securityEventWords("", null)).toBe("Account activity");
  });

  it("says when a sign-in used a code sent by email (issue 18)", () => {
    expect(securityEventWords("sign_in_code_sent", null)).toBe("Sign-in code sent by email");
    expect(securityEventWords("sign_in", { method: "email_code", amr: ["otp"] })).toBe("Signed in with a code sent by email");
    expect(securityEventWords("sign_in", { method: "totp", first_method: "email_code", amr: ["otp", "mfa"] })).toBe("Signed in with a code sent by email");
    expect(securityEventWords("sign_in", { method: "password", amr: ["pwd"] })).toBe("Signed in");
    expect(securityEventWords("sign_in_failed", { reason: "email_code" })).toBe("Failed sign-in: wrong code from the sign-in email");
    expect(securityEventWords("email_verified", { via: "sign_in_code", password_removed: true })).toBe("Email address confirmed by a sign-in code");
  });
});

describe("the security log's words for passkeys", () => {
  it("names the passkey, never more", () => {
    expect(securityEventWords("passkey_added", { name: "Phone" })).toBe("Passkey added: Phone");
    expect(securityEventWords("passkey_renamed", { name: "Anna’s phone", previous_name: "Phone" })).toBe("Passkey renamed: Phone → Anna’s phone");
    expect(securityEventWords("passkey_renamed", { name: "Anna’s phone" })).toBe("Passkey renamed: Anna’s phone");
    expect(securityEventWords("passkey_removed", null)).toBe("Passkey removed");
  });

  it("names the household check-in card's issue, replacement and revocation (issue 19)", () => {
    expect(securityEventWords("check_in_card_issued", { card_id: "c", replaced: false })).toBe("Household check-in card issued");
    expect(securityEventWords("check_in_card_issued", { card_id: "c", replaced: true })).toBe("New household check-in card issued; the old card stopped working");
    expect(securityEventWords("check_in_card_revoked", { card_id: "c" })).toBe("Household check-in card revoked");
  });

  it("names the schedule feed's address being made, replaced and revoked (issue 20)", () => {
    expect(securityEventWords("schedule_feed_issued", { feed_id: "f", replaced: false })).toBe("Calendar feed address made for your schedule");
    expect(securityEventWords("schedule_feed_issued", { feed_id: "f", replaced: true })).toBe("New calendar feed address made; the old address stopped working");
    expect(securityEventWords("schedule_feed_revoked", { feed_id: "f" })).toBe("Calendar feed address revoked");
  });
});

describe("the security log's words for a name or email address changed", () => {
  it("says the new name and the name the member goes by, as they were given", () => {
    expect(securityEventWords("name_changed", { name: "Robert Diaz", goes_by: "Bob" })).toBe("Name changed: Robert Diaz, goes by Bob");
    expect(securityEventWords("name_changed", { name: "Robert Diaz" })).toBe("Name changed: Robert Diaz");
    expect(securityEventWords("name_changed", { goes_by: "Bob" })).toBe("Name changed: goes by Bob");
    expect(securityEventWords("name_changed", null)).toBe("Name changed");
    expect(securityEventWords("email_changed", { to: "r***@e***.org" })).toBe("Email address changed: r***@e***.org");
  });
});

describe("the security log's words in Spanish", () => {
  const spanish = wordsIn("es");

  it("has words of its own for every type the log records, never English's", () => {
    for (const type of SECURITY_EVENT_TYPES) {
      expect(spanish(type, null)).not.toBe("");
      expect(spanish(type, null)).not.toBe(securityEventWords(type, null));
    }
  });

  it("chooses the same variants, with the entry's values and counts", () => {
    expect(spanish("consent_revoked", { client_id: "demo-app", by: "guardian" })).toBe("Su padre, madre o tutor quitó el acceso de demo-app");
    expect(spanish("sign_in", { method: "passkey", passkey: "Teléfono de Ana" })).toBe("Inició sesión con una llave de acceso (Teléfono de Ana)");
    expect(spanish("sign_in_failed", { method: "passkey", reason: "passkey_counter", passkey: "Llave vieja" })).toBe("Llave de acceso rechazada por ser una posible copia: Llave vieja");
    expect(spanish("recovery_code_used", { remaining: 1 })).toBe("Inició sesión con un código de recuperación (le queda 1 código)");
    expect(spanish("session_revoked", { others: 2 })).toBe("Cerró sesión en todos los demás lugares (2 sesiones)");
    expect(spanish("recovery_contact_added", { value: "j***@e***.org" })).toBe("Contacto de recuperación agregado: j***@e***.org");
    expect(spanish("passkey_renamed", { name: "Teléfono de Ana", previous_name: "Teléfono" })).toBe("Llave de acceso renombrada: Teléfono → Teléfono de Ana");
    expect(spanish("name_changed", { name: "Roberto Díaz", goes_by: "Beto" })).toBe("Nombre cambiado: Roberto Díaz, le dicen Beto");
  });

  it("calls a type it does not know account activity, rather than spell out its English name", () => {
    expect(spanish("mailing_list_joined", null)).toBe("Actividad en la cuenta");
  });
});
