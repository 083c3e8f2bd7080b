import { emailSchema } from "../accounts/schemas.ts";
import type { ContactChannel } from "./mask-contact.ts";
import { parsePhoneNumber, type PhoneCountry } from "./phone-number.ts";

/**
 * A recovery contact's channel is inferred from what the member typed (decisions.md part 3): an `@` makes
 * it an email address (trimmed and lower-cased, as account addresses are), anything else a phone number:
 * E.164 for the API, or (given the church's country, as the recovery page does before it sends E.164) also
 * as it is written in that country. Pure, so the route's schema and the portal page agree.
 */
export interface ContactValue {
  channel: ContactChannel;
  /** The normalised form: stored, compared for duplicates, and sent to. */
  value: string;
}

export function parseContactValue(input: string, defaultCountry?: PhoneCountry): ContactValue | null {
  if (input.includes("@")) {
    const email = emailSchema.safeParse(input);
    return email.success ? { channel: "email", value: email.data } : null;
  }
  const phone = parsePhoneNumber(input, defaultCountry);
  return phone ? { channel: "phone", value: phone.e164 } : null;
}
