import "server-only";
import { alreadyRegisteredEmail, verificationCodeEmail } from "../accounts/account-messages.ts";
import { withChurchName } from "../church-settings/church.ts";
import { phoneVerificationSms, passwordResetCodeSms, recoveryContactCodeMessage } from "../contacts/contact-messages.ts";
import { membershipCodeMessage } from "../membership/membership-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { testEmailMessage } from "../outbox/test-email.ts";
import { passwordChangedEmail, passwordResetCodeEmail } from "../password-reset/password-reset-messages.ts";
import { eventCancelledEmail, placeFreedEmail } from "../registrations/registration-messages.ts";
import { SECURITY_NOTICE_KINDS, securityNoticeEmail } from "../security-notices/notice-messages.ts";
import { setupEmailCodeMessage } from "../setup/setup-messages.ts";
import { signInCodeEmail } from "../sign-in/sign-in-code-messages.ts";
import { emailAlreadyInUseEmail, emailChangeCodeEmail } from "../users/email-change-messages.ts";

/**
 * Every message the church's members and staff can receive, each made by its real builder with made-up
 * details (Jane Doe, the code 123456, example.org addresses), for the staff page /admin/emails: the church
 * sees exactly what goes out in its name. A builder added to the product belongs here too; the security
 * notices are listed from their own kinds, so a new one cannot be missed. What each is and when it is sent
 * are the page's words (the "AdminEmails.samples" messages, by kind).
 *
 * The kiosk's check-in text (lib/check-in/phone-check.ts) is not here: its wording is private to that module.
 */
export interface MessageSample {
  /** Its address under /admin/emails/preview/. */
  kind: string;
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


function filled(message: OutgoingMessage, churchName: string): OutgoingMessage {
  return {
    ...message,
    body: withChurchName(message.body, churchName),
    ...(message.subject !== undefined && { subject: withChurchName(message.subject, churchName) }),
  };
}

/** The emails, in the order a member meets them: joining, signing in, their account, events, then setting up. */
export function emailSamples(churchName: string, timeZone: string, now: Date = new Date(), locale: AppLocale = "en"): MessageSample[] {
  // An evening a little over a week away, so the dates read as they will.
  const event = { title: "Harvest supper", slug: "harvest-supper", startAt: new Date(Math.ceil((now.getTime() + 9 * DAY) / DAY) * DAY + 18 * 60 * 60 * 1000), timezone: timeZone };
  const samples: MessageSample[] = [
    {
      kind: "registration-code",
      message: verificationCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "already-registered",
      message: alreadyRegisteredEmail(TO, GIVEN_NAME, locale),
    },
    {
      kind: "sign-in-code",
      message: signInCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "password-reset-code",
      message: passwordResetCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "password-changed",
      message: passwordChangedEmail(TO, GIVEN_NAME, locale),
    },
    {
      kind: "email-change-code",
      message: emailChangeCodeEmail(TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "email-already-in-use",
      message: emailAlreadyInUseEmail(TO, locale),
    },
    {
      kind: "recovery-contact-code",
      message: recoveryContactCodeMessage("email", TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "membership-code",
      message: membershipCodeMessage("email", TO, SAMPLE_CODE, locale),
    },
    ...SECURITY_NOTICE_KINDS.map((kind) => ({
      kind: `security-${kind.replaceAll("_", "-")}`,
      message: securityNoticeEmail(kind, {
        to: TO,
        givenName: GIVEN_NAME,
        context: CONTEXT,
        facts: { contact: "j***@e***.org", name: kind === "identity_linked" ? "Google" : "iPhone", dueAt: new Date(now.getTime() + 30 * DAY) },
        now,
      }, locale),
    })),
    {
      kind: "place-freed",
      message: placeFreedEmail(TO, { recipientName: GIVEN_NAME, personName: "Sam", self: false, ...event }, locale),
    },
    {
      kind: "event-cancelled",
      message: eventCancelledEmail(TO, { recipientName: GIVEN_NAME, self: true, others: ["Sam"], ...event }, locale),
    },
    {
      kind: "setup-code",
      message: setupEmailCodeMessage(TO, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "test-email",
      message: testEmailMessage(TO, locale),
    },
  ];
  return samples.map((sample) => ({ ...sample, message: filled(sample.message, churchName) }));
}

/** The text messages (SMS): plain text only, no template. */
export function textMessageSamples(churchName: string, locale: AppLocale = "en"): MessageSample[] {
  const samples: MessageSample[] = [
    {
      kind: "phone-code",
      message: phoneVerificationSms(PHONE, SAMPLE_CODE, locale),
    },
    {
      kind: "recovery-phone-code",
      message: recoveryContactCodeMessage("phone", PHONE, GIVEN_NAME, SAMPLE_CODE, locale),
    },
    {
      kind: "password-reset-text",
      message: passwordResetCodeSms(PHONE, SAMPLE_CODE, locale),
    },
    {
      kind: "membership-text",
      message: membershipCodeMessage("phone", PHONE, SAMPLE_CODE, locale),
    },
  ];
  return samples.map((sample) => ({ ...sample, message: filled(sample.message, churchName) }));
}

/** One email sample by its address, or null. */
export function emailSample(kind: string, churchName: string, timeZone: string, now: Date = new Date(), locale: AppLocale = "en"): MessageSample | null {
  return emailSamples(churchName, timeZone, now, locale).find((sample) => sample.kind === kind) ?? null;
}
