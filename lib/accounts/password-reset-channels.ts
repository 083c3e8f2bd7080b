import { maskContact, type ContactChannel } from "../contacts/mask-contact.ts";
import type { OutboxChannel } from "../outbox/enqueue-message.ts";

/**
 * Where a password-reset code can go: the account's own email address, or one of its verified recovery
 * contacts (an email address or a phone), chosen on the code page where they are listed masked. The
 * member always identifies the account by its email address. Pure: the page lists the options and the
 * form handler resolves the choice with the same functions.
 */
export const PASSWORD_RESET_CHANNELS = ["email", "recovery_contact"] as const;
export type PasswordResetChannel = (typeof PASSWORD_RESET_CHANNELS)[number];

/** The form's `via` field: `email`, or the id of a recovery contact. */
export const ACCOUNT_EMAIL_VIA = "email";

export type PasswordResetVia = { channel: "email" } | { channel: "recovery_contact"; contactId: string };

export interface VerifiedRecoveryContact {
  id: string;
  channel: ContactChannel;
  value: string;
}

export interface ResettableAccount {
  email: string;
  /** Only verified contacts: a pending one has not proved it reaches the member. */
  recoveryContacts: readonly VerifiedRecoveryContact[];
}

export interface PasswordResetTarget {
  channel: OutboxChannel;
  recipient: string;
  /** Whether proving this target also proves the account's email address (then reset marks it verified). */
  provesAccountEmail: boolean;
}

/** The `via` form value read as a choice. */
export function passwordResetVia(value: string | undefined): PasswordResetVia {
  return !value || value === ACCOUNT_EMAIL_VIA ? { channel: "email" } : { channel: "recovery_contact", contactId: value };
}

/**
 * Where the code goes for this choice; null when the chosen contact is not one of the account's verified
 * ones (removed meanwhile, or an id from elsewhere): the caller then sends nothing and answers as usual.
 */
export function passwordResetTarget(account: ResettableAccount, via: PasswordResetVia): PasswordResetTarget | null {
  switch (via.channel) {
    case "email":
      return { channel: "email", recipient: account.email, provesAccountEmail: true };
    case "recovery_contact": {
      const contact = account.recoveryContacts.find((candidate) => candidate.id === via.contactId);
      if (!contact) return null;
      return { channel: contact.channel === "phone" ? "sms" : "email", recipient: contact.value, provesAccountEmail: false };
    }
  }
}

export interface PasswordResetOption {
  /** The `via` value to post. */
  via: string;
  channel: ContactChannel;
  /** The masked address or number, never the full one. */
  label: string;
}

/** The choices the code page lists: the account's address first, then each verified recovery contact. */
export function passwordResetOptions(account: ResettableAccount): PasswordResetOption[] {
  return [
    { via: ACCOUNT_EMAIL_VIA, channel: "email" as const, label: maskContact("email", account.email) },
    ...account.recoveryContacts.map((contact) => ({ via: contact.id, channel: contact.channel, label: maskContact(contact.channel, contact.value) })),
  ];
}
