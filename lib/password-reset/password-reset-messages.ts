import "server-only";
import { email, link } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/**
 * The emails of "forgot password", in plain text and plain words. The code appears in the body only, not in
 * the subject, so a locked phone's notification does not show it. (A code sent to a phone contact is
 * worded in lib/contacts/contact-messages.ts.)
 */
const minutes = CODE_TTL_SECONDS / 60;

export function passwordResetCodeEmail(to: string, givenName: string, code: string): OutgoingMessage {
  return email(to, "Reset your password", [
    `Hello ${givenName},`,
    "",
    `Your code to choose a new password is: ${code}`,
    "",
    `Type it on the page that asked for it. It works for ${minutes} minutes.`,
    "If you did not ask to reset your password, you can ignore this email: your password has not changed.",
  ]);
}

export function passwordChangedEmail(to: string, givenName: string): OutgoingMessage {
  return email(to, "Your password was changed", [
    `Hello ${givenName},`,
    "",
    "The password of your account was just changed, and every device signed in to your account was signed out.",
    "",
    `If this was not you, choose a new password now: ${link("/forgot-password")}`,
  ]);
}
