import type { Metadata } from "next";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../_components/auth-form";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";
import { pageRequest } from "../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  password_changed: "Your password has been changed, and you were signed out everywhere. Sign in with your new password.",
  email_verified: "Your email address is confirmed. Sign in to continue.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  const request = await pageRequest(requestId);
  const notice = NOTICES[param(query, "notice") ?? ""];
  const keep = { request: request?.parked.id };
  return (
    <div className="auth-card">
      <h1>Sign in</h1>
      <p className="auth-card__lede">{request?.clientName ? `to continue to ${request.clientName}` : "with your church account"}</p>
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/sign-in"
        submitLabel="Sign in"
        hidden={{ [CSRF_FIELD]: csrf, request: request?.parked.id, return_to: param(query, "return_to") }}
        initialError={errorFromQuery(query)}
        fields={[
          {
            name: "email",
            label: "Email address",
            type: "email",
            autoComplete: "email",
            inputMode: "email",
            autoCapitalize: "none",
            spellCheck: false,
            maxLength: 254,
            defaultValue: request?.parked.params.login_hint,
          },
          {
            name: "password",
            label: "Password",
            type: "password",
            autoComplete: "current-password",
            aside: { href: pagePath(PAGES.forgotPassword, keep), text: "Forgot your password?" },
          },
        ]}
      />
      <ul className="auth-links" role="list">
        <li>
          New here? <a href={pagePath(PAGES.register, keep)}>Create an account</a>
        </li>
      </ul>
    </div>
  );
}
