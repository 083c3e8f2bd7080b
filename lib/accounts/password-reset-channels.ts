import type { OutboxChannel } from "../outbox/enqueue-message.ts";

/**
 * Where a password-reset code can go. Today only the account's own email address; issue 5 adds
 * "recovery_contact" (a verified recovery email or phone), resolved here too, so the form, the code rules
 * and the reset step stay as they are. The member always identifies the account by its email address, and
 * the answer is the same whether or not one exists.
 */
export const PASSWORD_RESET_CHANNELS = ["email"] as const;
export type PasswordResetChannel = (typeof PASSWORD_RESET_CHANNELS)[number];

export interface PasswordResetTarget {
  channel: OutboxChannel;
  recipient: string;
  /** Whether proving this target also proves the account's email address (then reset marks it verified). */
  provesAccountEmail: boolean;
}

export function passwordResetTarget(account: { email: string }, via: PasswordResetChannel): PasswordResetTarget {
  switch (via) {
    case "email":
      return { channel: "email", recipient: account.email, provesAccountEmail: true };
  }
}
