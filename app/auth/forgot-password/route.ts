import { AccountError } from "@/lib/accounts/errors";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { FIELD_MESSAGES, forgotPasswordBodySchema } from "@/lib/accounts/schemas";
import { parseContactValue } from "@/lib/contacts/contact-value";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import type { PasswordResetVia } from "@/lib/password-reset/password-reset-channels";
import { requestPasswordReset } from "@/lib/password-reset/request-password-reset";
import { pendingCodeCookie } from "@/lib/verification-codes/pending-code";

/** The typed recovery contact as a choice; one that is neither an address nor a phone number is refused by name. */
function viaOf(contact: string | undefined): PasswordResetVia {
  if (!contact) return { channel: "email" };
  const parsed = parseContactValue(contact);
  // The contact is typed on the code page: a mistake goes back there.
  if (!parsed) throw new AccountError("invalid_request", { field: "contact", message: FIELD_MESSAGES.contact, formPath: PAGES.resetPassword });
  return { channel: "recovery_contact", value: parsed.value };
}

// POST /auth/forgot-password - sends a code to choose a new password, to the account's address or a verified recovery contact typed in full (the same answer whatever exists)
export const POST = formRoute({
  formPath: PAGES.forgotPassword,
  schema: forgotPasswordBodySchema,
  async handle(input, { client, database, pageLocale }) {
    const pending = await requestPasswordReset(database, { email: input.email, via: viaOf(input.contact), context: client, locale: pageLocale });
    return { redirectTo: pagePath(PAGES.resetPassword, { request: input.request }), cookies: [await pendingCodeCookie(pending)] };
  },
});

// GET, PUT, PATCH, DELETE /auth/forgot-password - GET goes to the form page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(PAGES.forgotPassword);
