import type { AuthField } from "./auth-form";

/**
 * The email address field of the sign-in, registration and password pages, alike on each: the email
 * keyboard, no capitals or autocorrect, prefilled with what the app or the previous step knew.
 */
export function emailField(defaultValue: string | undefined): AuthField {
  return { name: "email", label: "Email address", type: "email", autoComplete: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false, maxLength: 254, defaultValue };
}
