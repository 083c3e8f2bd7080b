import "server-only";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { smsText } from "../contacts/contact-messages.ts";
import type { ContactChannel } from "../contacts/mask-contact.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";

const minutes = CODE_TTL_SECONDS / 60;

/**
 * The code that proves a member reads the contact on file of a register record. Sent to whoever the
 * record names, who may not be the member asking: it names neither the account nor the record's person,
 * and says what to do when it was not them.
 */
export function membershipCodeMessage(channel: ContactChannel, to: string, code: string): OutgoingMessage {
  if (channel === "phone") {
    return {
      channel: "sms",
      recipient: to,
      body: smsText(
        [`${CHURCH_NAME_SLOT}: ${code} is your code to link your membership record to your account. It works for ${minutes} minutes. If you did not ask for it, ignore this text.`],
        code,
      ),
    };
  }
  return {
    channel: "email",
    recipient: to,
    subject: `Link your membership record · ${CHURCH_NAME_SLOT}`,
    body: [
      "Hello,",
      "",
      `Someone signed in to ${CHURCH_NAME_SLOT} asked to link their account to the membership record that has this address on file.`,
      `If that was you, your code is: ${code}`,
      "",
      `Type it on the page that asked for it. It works for ${minutes} minutes.`,
      "If it was not you, ignore this email: nothing is linked without the code.",
      "",
      `— ${CHURCH_NAME_SLOT}`,
      "",
    ].join("\n"),
  };
}
