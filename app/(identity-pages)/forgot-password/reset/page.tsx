import type { Metadata } from "next";
import { cookies } from "next/headers";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { emailField } from "../../_components/fields";
import { errorFromQuery, newPasswordMessage, param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const request = param(query, "request");
  const pending = await readPendingCode((await cookies()).get(pendingCodeCookieName())?.value);
  const email = pending?.purpose === "password_reset" ? pending.email : undefined;
  const csrf = (await csrfTokenForPage()) ?? "";
  // An error of the recovery-contact form is shown there, not on the code form.
  const error = errorFromQuery(query, { password: newPasswordMessage(query) });
  const contactError = error?.field === "contact" ? error : null;
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      <p className="auth-card__lede">
        {email ? (
          <>
            If <strong>{email}</strong> belongs to an account, we sent a 6-digit code to it, or to the recovery contact you entered. It works for 10
            minutes.
          </>
        ) : (
          "Enter the 6-digit code we emailed you. It works for 10 minutes."
        )}
      </p>
      <AuthForm
        action="/auth/reset-password"
        submitLabel="Change password"
        hidden={{ [CSRF_FIELD]: csrf, request }}
        initialError={contactError ? null : error}
        fields={[
          emailField(email),
          { name: "code", label: "6-digit code", type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 },
          {
            name: "password",
            label: "New password",
            type: "password",
            autoComplete: "new-password",
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            strengthMeter: true,
            hint: `At least ${PASSWORD_MIN_LENGTH} characters. Changing it signs you out on every device.`,
          },
        ]}
      />
      {email ? (
        <>
          <form method="post" action="/auth/forgot-password" className="auth-secondary-form">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="email" value={email} />
            {request ? <input type="hidden" name="request" value={request} /> : null}
            <p>
              Didn’t get it? Check your spam folder, or <button type="submit" className="button button--link">send a new code</button>.
            </p>
          </form>
          {/* The same for every address, whether or not it has an account or recovery contacts: nothing here may
              tell (issue 14, finding 6). The member types a contact they added in full; it gets the code only if
              it is one of that account's verified contacts. */}
          <details className="auth-secondary-form auth-disclosure" open={contactError !== null}>
            <summary>No access to that inbox?</summary>
            <AuthForm
              action="/auth/forgot-password"
              submitLabel="Send the code there"
              hidden={{ [CSRF_FIELD]: csrf, email, request }}
              initialError={contactError}
              fields={[
                {
                  name: "contact",
                  label: "A recovery contact you added",
                  hint: "Its email address, or its mobile number with the country code, like +14155550123. If it is one of your account’s verified contacts, the code goes there.",
                  type: "text",
                  autoComplete: "off",
                  autoCapitalize: "none",
                  spellCheck: false,
                  maxLength: 254,
                },
              ]}
            />
          </details>
        </>
      ) : (
        <ul className="auth-links" role="list">
          <li>
            <a href={pagePath(PAGES.forgotPassword, { request })}>Send me a code</a>
          </li>
        </ul>
      )}
    </div>
  );
}
