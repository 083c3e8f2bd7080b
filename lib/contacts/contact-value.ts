import { emailSchema } from "../accounts/schemas.ts";
import type { ContactChannel } from "./mask-contact.ts";
import { parsePhoneNumber } from "./phone-number.ts";

/**
 * A recovery contact's channel is inferred from what the member typed (decisions.md part 3): an `@` makes
 * it an email address (trimmed and lower-cased, as account addresses are), a leading `+` a phone number
 * (E.164). Pure, so the route's schema and the portal page agree.
 */
export interface ContactValue {
  channel: ContactChannel;
  /** The normalised form: stored, compared for duplicates, and sent to. */
  value: string;
}

export function parseContactValue(input: string): ContactValue | null {
  if (input.includes("@")) {
    const email = emailSchema.safeParse(input);
    return email.success ? { channel: "email", value: email.data } : null;
  }
  const phone = parsePhoneNumber(input);
  return phone ? { channel: "phone", value: phone.e164 } : null;
}
