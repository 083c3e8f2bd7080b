import "server-only";
import { email, link } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { INVITATION_DAYS, INVITATION_PATH } from "./invitation-rules.ts";

/** The invitation: who sends it, what the link does, and how long it works. The link is the only secret. */
export function invitationEmail(to: string, givenName: string, token: string): OutgoingMessage {
  return email(to, "You are invited to your church’s member portal", [
    `Hello ${givenName},`,
    "",
    "Your church invites you to its member portal: to see what is on, sign up for events, keep your household’s details and check your children in.",
    "",
    "Make your account here (your name is filled in already):",
    link(`${INVITATION_PATH}#${token}`),
    "",
    `The link works for ${INVITATION_DAYS} days, once. If you did not expect it, you can ignore this email.`,
  ]);
}
