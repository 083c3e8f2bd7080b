import "server-only";
import { alreadyRegisteredEmail, verificationCodeEmail } from "../accounts/account-messages.ts";
import { withChurchName } from "../church-settings/church.ts";
import { phoneVerificationSms, passwordResetCodeSms, recoveryContactCodeMessage } from "../contacts/contact-messages.ts";
import { membershipCodeMessage } from "../membership/membership-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { testEmailMessage } from "../outbox/test-email.ts";
import { passwordChangedEmail, passwordResetCodeEmail } from "../password-reset/password-reset-messages.ts";
import { eventCancelledEmail, placeFreedEmail } from "../registrations/registration-messages.ts";
import { SECURITY_NOTICE_KINDS, securityNoticeEmail, type SecurityNoticeKind } from "../security-notices/notice-messages.ts";
import { setupEmailCodeMessage } from "../setup/setup-messages.ts";
import { signInCodeEmail } from "../sign-in/sign-in-code-messages.ts";
import { emailAlreadyInUseEmail, emailChangeCodeEmail } from "../users/email-change-messages.ts";

/**
 * Every message the church's members and staff can receive, each made by its real builder with made-up
 * details (Jane Doe, the code 123456, example.org addresses), for the staff page /admin/emails: the church
 * sees exactly what goes out in its name. A builder added to the product belongs here too; the security
 * notices are listed from their own kinds, so a new one cannot be missed.
 *
 * The kiosk's check-in text (lib/check-in/phone-check.ts) is not here: its wording is private to that module.
 */
export interface MessageSample {
  /** Its address under /admin/emails/preview/. */
  kind: string;
  /** What it is, in the office's words. */
  title: string;
  /** When it is sent. */
  when: string;
  /** As its builder made it, the church's name filled in. */
  message: OutgoingMessage;
}

export const SAMPLE_CODE = "123456";
const TO = "jane.doe@example.org";
const PHONE = "+447700900123";
const GIVEN_NAME = "Jane";
const DAY = 24 * 60 * 60 * 1000;
/** An iPhone's Safari, as the security notices describe it. */
const CONTEXT = {
  ip: "203.0.113.24",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};

const NOTICES: Record<SecurityNoticeKind, { title: string; when: string }> = {
  recovery_contact_added: { title: "Security notice: recovery contact added", when: "When a member adds an email address or phone number to get back into their account." },
  second_factor_turned_off: { title: "Security notice: two-step sign-in turned off", when: "When a member turns off two-step sign-in." },
  identity_linked: { title: "Security notice: account linked", when: "When a member links another account (such as Google) to sign in with." },
  deletion_requested: { title: "Security notice: account set to be deleted", when: "When a member asks for their account to be deleted." },
  passkey_added: { title: "Security notice: passkey added", when: "When a member adds a passkey." },
  new_device: { title: "Security notice: sign-in from a new device", when: "When a member signs in from a browser or device they have not used here before." },
  password_changed: { title: "Security notice: password changed", when: "When a member changes their password in their account." },
  email_changed: { title: "Security notice: sign-in address changed", when: "When a member changes their sign-in address; sent to the old address." },
};

function filled(message: OutgoingMessage, churchName: string): OutgoingMessage {
  return {
    ...message,
    body: withChurchName(message.body, churchName),
    ...(message.subject !== undefined && { subject: withChurchName(message.subject, churchName) }),
  };
}

/** The emails, in the order a member meets them: joining, signing in, their account, events, then setting up. */
export function emailSamples(churchName: string, timeZone: string, now: Date = new Date()): MessageSample[] {
  // An evening a little over a week away, so the dates read as they will.
  const event = { title: "Harvest supper", slug: "harvest-supper", startAt: new Date(Math.ceil((now.getTime() + 9 * DAY) / DAY) * DAY + 18 * 60 * 60 * 1000), timezone: timeZone };
  const samples: MessageSample[] = [
    {
      kind: "registration-code",
      title: "Code to confirm a new account",
      when: "When someone creates an account: it proves the email address is theirs.",
      message: verificationCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "already-registered",
      title: "Someone tried to create a second account",
      when: "When someone tries to create an account with an email address that already has one.",
      message: alreadyRegisteredEmail(TO, GIVEN_NAME),
    },
    {
      kind: "sign-in-code",
      title: "Sign-in code",
      when: "When a member chooses “Email me a code” on the sign-in page.",
      message: signInCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "password-reset-code",
      title: "Code to choose a new password",
      when: "When a member has forgotten their password.",
      message: passwordResetCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "password-changed",
      title: "Password changed with a code",
      when: "When a member has chosen a new password after forgetting theirs.",
      message: passwordChangedEmail(TO, GIVEN_NAME),
    },
    {
      kind: "email-change-code",
      title: "Code to confirm a new sign-in address",
      when: "When a member changes the email address they sign in with; sent to the new address.",
      message: emailChangeCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "email-already-in-use",
      title: "New sign-in address already in use",
      when: "Sent instead of a code when the new address already belongs to another account.",
      message: emailAlreadyInUseEmail(TO),
    },
    {
      kind: "recovery-contact-code",
      title: "Code to confirm a recovery email address",
      when: "When a member adds a second email address to get back into their account.",
      message: recoveryContactCodeMessage("email", TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "membership-code",
      title: "Code to link a membership record",
      when: "When a member links their account to their record in the membership register; sent to the address on the record.",
      message: membershipCodeMessage("email", TO, SAMPLE_CODE),
    },
    ...SECURITY_NOTICE_KINDS.map((kind) => ({
      kind: `security-${kind.replaceAll("_", "-")}`,
      ...NOTICES[kind],
      message: securityNoticeEmail(kind, {
        to: TO,
        givenName: GIVEN_NAME,
        context: CONTEXT,
        facts: { contact: "j***@e***.org", name: kind === "identity_linked" ? "Google" : "iPhone", dueAt: new Date(now.getTime() + 30 * DAY) },
        now,
      }),
    })),
    {
      kind: "place-freed",
      title: "A place came free",
      when: "When someone cancels and the next person on an event’s waitlist gets the place.",
      message: placeFreedEmail(TO, { recipientName: GIVEN_NAME, personName: "Sam", self: false, ...event }),
    },
    {
      kind: "event-cancelled",
      title: "Event cancelled",
      when: "When staff cancel an event: to everyone signed up or waiting for it.",
      message: eventCancelledEmail(TO, { recipientName: GIVEN_NAME, self: true, others: ["Sam"], ...event }),
    },
    {
      kind: "setup-code",
      title: "Code to finish setting up",
      when: "Once, while the church is being set up: to the first administrator.",
      message: setupEmailCodeMessage(TO, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "test-email",
      title: "Test message",
      when: "When an administrator checks that email sending works (while setting up, or in Settings).",
      message: testEmailMessage(TO),
    },
  ];
  return samples.map((sample) => ({ ...sample, message: filled(sample.message, churchName) }));
}

/** The text messages (SMS): plain text only, no template. */
export function textMessageSamples(churchName: string): MessageSample[] {
  const samples: MessageSample[] = [
    {
      kind: "phone-code",
      title: "Code to confirm a phone number",
      when: "When a member adds their mobile number.",
      message: phoneVerificationSms(PHONE, SAMPLE_CODE),
    },
    {
      kind: "recovery-phone-code",
      title: "Code to confirm a recovery phone number",
      when: "When a member adds a phone number to get back into their account.",
      message: recoveryContactCodeMessage("phone", PHONE, GIVEN_NAME, SAMPLE_CODE),
    },
    {
      kind: "password-reset-text",
      title: "Code to choose a new password, by text",
      when: "When a member who has forgotten their password asks for the code on their recovery phone.",
      message: passwordResetCodeSms(PHONE, SAMPLE_CODE),
    },
    {
      kind: "membership-text",
      title: "Code to link a membership record, by text",
      when: "When the record in the membership register has a phone number but no email address.",
      message: membershipCodeMessage("phone", PHONE, SAMPLE_CODE),
    },
  ];
  return samples.map((sample) => ({ ...sample, message: filled(sample.message, churchName) }));
}

/** One email sample by its address, or null. */
export function emailSample(kind: string, churchName: string, timeZone: string, now: Date = new Date()): MessageSample | null {
  return emailSamples(churchName, timeZone, now).find((sample) => sample.kind === kind) ?? null;
}
