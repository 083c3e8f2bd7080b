import "server-only";
import { email } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/** The setup wizard's emails (issue 39): plain words, the code in the body only. */
export function setupEmailCodeMessage(to: string, givenName: string, code: string): OutgoingMessage {
  return email(to, "Your code to finish setting up", [
    `Hello ${givenName},`,
    "",
    `Your code to confirm this address as the administrator's is: ${code}`,
    "",
    `Type it in the setup page. It works for ${CODE_TTL_SECONDS / 60} minutes.`,
  ]);
}
