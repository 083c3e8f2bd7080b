import type { Metadata } from "next";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/accounts/schemas";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { emailField } from "../_components/fields";
import { errorFromQuery, newPasswordMessage, param, type SearchParams } from "../_components/page-errors";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create an account" };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const request = await pageRequest(param(query, "request"));
  const keep = { request: request?.parked.id };
  return (
    <div className="auth-card">
      <h1>Create an account</h1>
      <p className="auth-card__lede">We’ll send a code to your email address to confirm it’s yours.</p>
      <AuthForm
        action="/auth/register"
        submitLabel="Create account"
        hidden={{ [CSRF_FIELD]: csrf, request: keep.request }}
        initialError={errorFromQuery(query, { password: newPasswordMessage(query) })}
        fields={[
          { name: "given_name", label: "First name", type: "text", autoComplete: "given-name", autoCapitalize: "words", maxLength: 100 },
          { name: "family_name", label: "Last name", type: "text", autoComplete: "family-name", autoCapitalize: "words", maxLength: 100 },
          emailField(request?.parked.params.login_hint),
          {
            name: "password",
            label: "Choose a password",
            type: "password",
            autoComplete: "new-password",
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            strengthMeter: true,
            hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`,
          },
        ]}
      />
      <ul className="auth-links" role="list">
        <li>
          Already have an account? <a href={pagePath(PAGES.signIn, keep)}>Sign in</a>
        </li>
      </ul>
    </div>
  );
}
