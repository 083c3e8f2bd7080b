import type { Metadata } from "next";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { emailField } from "../../_components/fields";
import { errorFromQuery, param, type SearchParams } from "../../_components/page-errors";
import { pageRequest } from "../../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in with a code" };

export default async function EmailCodePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const request = await pageRequest(param(query, "request"));
  const returnTo = param(query, "return_to");
  const keep = { request: request?.parked.id, return_to: returnTo };
  return (
    <div className="auth-card">
      <h1>Sign in with a code</h1>
      <p className="auth-card__lede">
        Enter the email address of your account. We’ll email you a 6-digit code{request?.clientName ? ` to continue to ${request.clientName}` : ""}: no
        password needed.
      </p>
      <AuthForm
        action="/auth/email-code"
        submitLabel="Email me a code"
        hidden={{ [CSRF_FIELD]: csrf, ...keep }}
        initialError={errorFromQuery(query)}
        fields={[emailField(request?.parked.params.login_hint)]}
      />
      <ul className="auth-links" role="list">
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>Sign in with your password instead</a>
        </li>
      </ul>
    </div>
  );
}
