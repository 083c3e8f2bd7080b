import "server-only";
import { email, link } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/** The code of "Email me a code"; in the body only, never the subject (a locked phone shows subjects). */
export function signInCodeEmail(to: string, givenName: string, code: string): OutgoingMessage {
  return email(to, "Your sign-in code", [
    `Hello ${givenName},`,
    "",
    `Your code to sign in is: ${code}`,
    "",
    `Type it on the sign-in page that asked for it. It works for ${CODE_TTL_SECONDS / 60} minutes, in that browser only.`,
    "Never share this code: nobody from the church will ask you for it.",
    "",
    `If you did not try to sign in, you can ignore this email: nobody can sign in without the code. You can review your account's activity at ${link("/account/security")}.`,
  ]);
}
