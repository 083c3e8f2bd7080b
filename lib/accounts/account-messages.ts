import "server-only";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { env } from "../env.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";

/**
 * The emails of registration, in plain text and plain words, and the two helpers every email of the church
 * is written with (the password reset's, the security notices'). Codes appear in the body only, not in
 * the subject, so a locked phone's notification does not show them.
 */
const minutes = CODE_TTL_SECONDS / 60;

/** An absolute link to one of our pages, for emails. */
export function link(path: string): string {
  return `${env().BASE_URL}${path}`;
}

/** A plain-text email of the church: the subject ends with its name, the body is signed with it. */
export function email(to: string, subject: string, lines: string[]): OutgoingMessage {
  return { channel: "email", recipient: to, subject: `${subject} · ${CHURCH_NAME_SLOT}`, body: `${lines.join("\n")}\n\n— ${CHURCH_NAME_SLOT}\n` };
}

export function verificationCodeEmail(to: string, givenName: string, code: string): OutgoingMessage {
  return email(to, "Confirm your email address", [
    `Hello ${givenName},`,
    "",
    `Your code to confirm this email address is: ${code}`,
    "",
    `Type it on the page that asked for it. It works for ${minutes} minutes.`,
    "If you did not try to create an account, you can ignore this email: nothing happens without the code.",
  ]);
}

export function alreadyRegisteredEmail(to: string, givenName: string): OutgoingMessage {
  return email(to, "You already have an account", [
    `Hello ${givenName},`,
    "",
    "Someone, hopefully you, just tried to create an account with this email address. You already have one.",
    "",
    `Sign in: ${link("/sign-in")}`,
    `Forgot your password? Choose a new one: ${link("/forgot-password")}`,
    "",
    "If this was not you, you can ignore this email: your account has not changed.",
  ]);
}
