import "server-only";
import { getMessages } from "next-intl/server";
import type { PasswordStrengthMessages } from "./password-strength-words";

/**
 * The strength meter's messages in the language of the page being rendered, for a page whose browser-side
 * form has no message provider carrying them (the identity pages pass their forms' words as props): hand them
 * to the meter as its `messages`.
 */
export async function passwordStrengthMessages(): Promise<PasswordStrengthMessages> {
  return (await getMessages()).PasswordStrength;
}
