import type { ContactChannel } from "../contacts/mask-contact.ts";
import type { OutboxChannel } from "../outbox/enqueue-message.ts";

/**
 * Where a password-reset code can go: the account's own email address, or one of its verified recovery
 * contacts, which the member types in full (docs/decisions/0010). Nothing about an account is ever shown
 * before the reset succeeds: no masked contacts, no "this address has an account" (issue 14, finding 6).
 * A contact that is not one of the account's verified ones gets nothing, and the answer is the same.
 * Pure: the form handler resolves the choice with these functions.
 */
export type PasswordResetVia = { channel: "email" } | { channel: "recovery_contact"; value: string };

export interface VerifiedRecoveryContact {
  id: string;
  channel: ContactChannel;
  /** Normalised: a lower-cased address or an E.164 number. */
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
  /** The contact the code goes to, when it is not the account's own address. */
  contact: VerifiedRecoveryContact | null;
}

/**
 * Where the code goes for this choice; null when the typed contact is not one of the account's verified
 * ones: the caller then sends nothing and answers as usual.
 */
export function passwordResetTarget(account: ResettableAccount, via: PasswordResetVia): PasswordResetTarget | null {
  switch (via.channel) {
    case "email":
      return { channel: "email", recipient: account.email, contact: null };
    case "recovery_contact": {
      const contact = account.recoveryContacts.find((candidate) => candidate.value === via.value);
      if (!contact) return null;
      return { channel: contact.channel === "phone" ? "sms" : "email", recipient: contact.value, contact };
    }
  }
}
