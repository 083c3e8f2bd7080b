import "server-only";
import { email } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/**
 * The emails of changing one's sign-in address (Account › Profile): the code, to the new address; and, when
 * the new address already has an account here, a note to it instead, so the page cannot be used to learn
 * which addresses have accounts. (The old address is told by a security notice once the change is made.)
 */
const minutes = CODE_TTL_SECONDS / 60;

export function emailChangeCodeEmail(to: string, givenName: string, code: string): OutgoingMessage {
  return email(to, "Confirm your new email address", [
    `Hello ${givenName},`,
    "",
    `Your code to sign in with this address from now on is: ${code}`,
    "",
    `Type it on the page that asked for it. It works for ${minutes} minutes.`,
    "If you did not ask for this, you can ignore this email: nothing changes without the code.",
  ]);
}

export function emailAlreadyInUseEmail(to: string): OutgoingMessage {
  return email(to, "Someone tried to use this email address", [
    "Hello,",
    "",
    "Someone signed in to an account here asked to make this email address its sign-in address. This address already belongs to an account, so nothing was changed.",
    "",
    "If it was you, sign in with this address instead, or remove it from that account first. If it was not you, you can ignore this email.",
  ]);
}
