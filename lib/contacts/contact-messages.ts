import "server-only";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { env } from "../env.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import type { ContactChannel } from "./mask-contact.ts";

/**
 * The messages that carry a code to a recovery contact or a phone being verified. Codes appear in the
 * body only (never an email subject), and no message repeats the address or number it is sent to.
 */
const minutes = CODE_TTL_SECONDS / 60;

/**
 * A text ends with the origin-bound line of the WebOTP format (`@host #code`), so a phone's browser can
 * offer to fill the code into the page that asked for it, and only on this site.
 */
export function smsText(lines: string[], code: string): string {
  return `${lines.join(" ")}\n\n@${new URL(env().BASE_URL).host} #${code}`;
}

export function recoveryContactCodeMessage(channel: ContactChannel, to: string, givenName: string, code: string): OutgoingMessage {
  if (channel === "phone") {
    return {
      channel: "sms",
      recipient: to,
      body: smsText([`${CHURCH_NAME_SLOT}: ${code} is your code to add this number as a recovery contact. It works for ${minutes} minutes.`], code),
    };
  }
  return {
    channel: "email",
    recipient: to,
    subject: `Confirm your recovery email address · ${CHURCH_NAME_SLOT}`,
    body: [
      `Hello ${givenName},`,
      "",
      `Your code to add this address as a recovery contact for your account is: ${code}`,
      "",
      `Type it on the page that asked for it. It works for ${minutes} minutes.`,
      "A recovery contact can receive a code to choose a new password if you forget yours.",
      "If you did not ask for this, you can ignore this email: nothing happens without the code.",
      "",
      `— ${CHURCH_NAME_SLOT}`,
      "",
    ].join("\n"),
  };
}

export function phoneVerificationSms(to: string, code: string): OutgoingMessage {
  return {
    channel: "sms",
    recipient: to,
    body: smsText([`${CHURCH_NAME_SLOT}: ${code} is your code to confirm this phone number. It works for ${minutes} minutes.`], code),
  };
}

export function passwordResetCodeSms(to: string, code: string): OutgoingMessage {
  return {
    channel: "sms",
    recipient: to,
    body: smsText(
      [`${CHURCH_NAME_SLOT}: ${code} is your code to choose a new password. It works for ${minutes} minutes. If you did not ask for it, ignore this text.`],
      code,
    ),
  };
}
