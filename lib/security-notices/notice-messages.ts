import "server-only";
import { email, link } from "../accounts/account-messages.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { describeUserAgent } from "../sessions/describe-user-agent.ts";

/**
 * The emails that tell a member about a change to their account's security (ASVS V2.2.3), in plain words:
 * what happened, when, from which browser and address, and what to do if it was not them. They never hold
 * a code, a secret or a full contact: contacts arrive masked.
 */
export const SECURITY_NOTICE_KINDS = [
  "recovery_contact_added",
  "second_factor_turned_off",
  "identity_linked",
  "deletion_requested",
  "passkey_added",
  "new_device",
  "password_changed",
  "email_changed",
] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICE_KINDS)[number];

/** What the notice may name besides the time and the browser. */
export interface NoticeFacts {
  /** A recovery contact, masked. */
  contact?: string;
  /** An external provider's name, or a passkey's. */
  name?: string;
  /** When a requested deletion is carried out. */
  dueAt?: Date;
}

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

const LINES: Record<SecurityNoticeKind, { subject: string; what: (facts: NoticeFacts) => string; ifNotYou: string }> = {
  recovery_contact_added: {
    subject: "A recovery contact was added",
    what: (facts) => `A recovery contact, ${facts.contact ?? "a new address or number"}, was added to your account. Once verified, a password-reset code can be sent to it.`,
    ifNotYou: "remove it under Recovery and choose a new password",
  },
  second_factor_turned_off: {
    subject: "Two-step sign-in was turned off",
    what: () => "Two-step sign-in was turned off for your account: signing in now needs only your password.",
    ifNotYou: "choose a new password and turn two-step sign-in on again under Security",
  },
  identity_linked: {
    subject: "An account was linked for signing in",
    what: (facts) => `Your ${facts.name ?? "external"} account was linked: it can now sign you in to this account.`,
    ifNotYou: "remove it under Security › Linked accounts and choose a new password",
  },
  deletion_requested: {
    subject: "Your account is set to be deleted",
    what: (facts) => `Someone signed in to your account asked for it to be deleted${facts.dueAt ? ` on ${WHEN.format(facts.dueAt)} (UTC)` : ""}. Until then you can cancel it under Privacy.`,
    ifNotYou: "cancel the deletion under Privacy, then choose a new password",
  },
  passkey_added: {
    subject: "A passkey was added",
    what: (facts) => `A passkey${facts.name ? `, ${facts.name},` : ""} was added to your account: it can sign you in without your password.`,
    ifNotYou: "remove it under Security and choose a new password",
  },
  password_changed: {
    subject: "Your password was changed",
    what: () => "The password of your account was changed, and every other device signed in to your account was signed out.",
    ifNotYou: "someone else may be in your account: choose a new password at once (below) and check your security log",
  },
  email_changed: {
    subject: "Your email address was changed",
    what: (facts) => `The email address you sign in with was changed to ${facts.contact ?? "a new address"}. This address will no longer get messages about your account.`,
    ifNotYou: "someone else may be in your account: choose a new password at once (below) and check your security log",
  },
  new_device: {
    subject: "New sign-in to your account",
    what: () => "Your account was signed in to from a browser or device it has not been used on before.",
    ifNotYou: "choose a new password and sign out everywhere else under Security",
  },
};

export function securityNoticeEmail(
  kind: SecurityNoticeKind,
  input: { to: string; givenName: string; context: RequestContext; facts: NoticeFacts; now: Date },
): OutgoingMessage {
  const lines = LINES[kind];
  const device = describeUserAgent(input.context.userAgent);
  return email(input.to, lines.subject, [
    `Hello ${input.givenName},`,
    "",
    lines.what(input.facts),
    "",
    `When: ${WHEN.format(input.now)} (UTC)`,
    `From: ${device.browser} on ${device.device}${input.context.ip ? `, IP address ${input.context.ip}` : ""}`,
    "",
    "If this was you, there is nothing to do.",
    `If it was not, ${lines.ifNotYou}: ${link("/account/security")}`,
    `Cannot sign in? Choose a new password: ${link("/forgot-password")}`,
  ]);
}
