import type { Metadata } from "next";
import { cookies } from "next/headers";
import { listPasswordResetOptions } from "@/lib/accounts/list-password-reset-options";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookieName, readPendingCode } from "@/lib/accounts/pending-code";
import { FIELD_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { errorFromQuery, param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const request = param(query, "request");
  const pending = await readPendingCode((await cookies()).get(pendingCodeCookieName())?.value);
  const email = pending?.purpose === "password_reset" ? pending.email : undefined;
  const csrf = (await csrfTokenForPage()) ?? "";
  // Masked only: the full address or number never reaches the page.
  const options = email ? await listPasswordResetOptions(email) : [];
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      <p className="auth-card__lede">
        {email ? (
          <>
            If <strong>{email}</strong> belongs to an account, we sent it a 6-digit code (or sent it where you chose). It works for 10 minutes.
          </>
        ) : (
          "Enter the 6-digit code we emailed you. It works for 10 minutes."
        )}
      </p>
      <AuthForm
        action="/auth/reset-password"
        submitLabel="Change password"
        hidden={{ [CSRF_FIELD]: csrf, request }}
        initialError={errorFromQuery(query, { password: FIELD_MESSAGES.new_password })}
        fields={[
          { name: "email", label: "Email address", type: "email", autoComplete: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false, maxLength: 254, defaultValue: email },
          { name: "code", label: "6-digit code", type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 },
          {
            name: "password",
            label: "New password",
            type: "password",
            autoComplete: "new-password",
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            hint: `At least ${PASSWORD_MIN_LENGTH} characters. Changing it signs you out on every device.`,
          },
        ]}
      />
      {email && options.length > 0 ? (
        <form method="post" action="/auth/forgot-password" className="auth-secondary-form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="email" value={email} />
          {request ? <input type="hidden" name="request" value={request} /> : null}
          <fieldset className="auth-choices">
            <legend>No access to that inbox? Send a new code to:</legend>
            {options.map((option, index) => (
              <label key={option.via} className="auth-choice">
                <input type="radio" name="via" value={option.via} defaultChecked={index === 0} />{" "}
                {option.channel === "phone" ? "A text to " : "An email to "}
                <span className="auth-choice__value">{option.label}</span>
              </label>
            ))}
          </fieldset>
          <p>
            <button type="submit" className="button">Send a new code</button>
          </p>
        </form>
      ) : email ? (
        <form method="post" action="/auth/forgot-password" className="auth-secondary-form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="email" value={email} />
          {request ? <input type="hidden" name="request" value={request} /> : null}
          <p>
            Didn’t get it? Check your spam folder, or <button type="submit" className="button button--link">send a new code</button>.
          </p>
        </form>
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
