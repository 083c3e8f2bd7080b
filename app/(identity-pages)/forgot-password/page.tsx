import type { Metadata } from "next";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { emailField } from "../_components/fields";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forgot your password?" };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const request = await pageRequest(param(query, "request"));
  const keep = { request: request?.parked.id };
  return (
    <div className="auth-card">
      <h1>Forgot your password?</h1>
      <p className="auth-card__lede">Enter the email address of your account. We’ll send you a code to choose a new password.</p>
      <AuthForm
        action="/auth/forgot-password"
        submitLabel="Send code"
        hidden={{ [CSRF_FIELD]: csrf, request: keep.request }}
        initialError={errorFromQuery(query)}
        fields={[
          emailField(request?.parked.params.login_hint),
        ]}
      />
      <ul className="auth-links" role="list">
        <li>
          Remembered it? <a href={pagePath(PAGES.signIn, keep)}>Sign in</a>
        </li>
      </ul>
    </div>
  );
}
