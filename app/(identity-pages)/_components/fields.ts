import { getTranslations } from "next-intl/server";
import { passwordStrengthMessages } from "@/components/passwords/password-strength-messages";
import type { AuthField, AuthFormWords } from "./auth-form";
import type { PasskeyWords } from "./passkey-sign-in";

/**
 * The email address field of the sign-in, registration and password pages, alike on each: the email
 * keyboard, no capitals or autocorrect, prefilled with what the app or the previous step knew. Its label is
 * the page's, in the page's language, added beside it: `{ ...emailField(hint), label }`.
 */
export function emailField(defaultValue: string | undefined): Omit<AuthField, "label"> {
  return { name: "email", type: "email", autoComplete: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false, maxLength: 254, defaultValue };
}

/** AuthForm's own sentences (the server unreachable, or an answer without a sentence) in the page's language. */
export async function authFormWords(): Promise<AuthFormWords> {
  const t = await getTranslations("AuthForm");
  return { networkError: t("networkError"), failed: t("somethingWentWrong") };
}

/** A form that chooses a new password: its own sentences and its strength meter's. */
export async function newPasswordFormWords(): Promise<AuthFormWords> {
  return { ...(await authFormWords()), passwordStrength: await passwordStrengthMessages() };
}

/** The passkey button's own sentences in the page's language: AuthForm's two, and a prompt closed without a passkey. */
export async function passkeyWords(): Promise<PasskeyWords> {
  const passkey = await getTranslations("PasskeySignIn");
  return { ...(await authFormWords()), cancelled: passkey("cancelled") };
}
