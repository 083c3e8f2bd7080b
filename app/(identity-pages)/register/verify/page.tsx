import type { Metadata } from "next";
import { cookies } from "next/headers";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { pendingCodeCookieName, readPendingCode } from "@/lib/verification-codes/pending-code";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { AuthForm } from "../../_components/auth-form";
import { errorFromQuery, param, type SearchParams } from "../../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your email address" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const request = param(query, "request");
  const pending = await readPendingCode((await cookies()).get(pendingCodeCookieName())?.value);
  const csrf = (await csrfTokenForPage()) ?? "";

  if (!pending || pending.purpose !== "email_verification") {
    return (
      <div className="auth-card">
        <h1>Confirm your email address</h1>
        <p className="auth-card__lede">
          This page only works in the browser you registered with, for 30 minutes. Please register again to get a new code.
        </p>
        <p>
          <a className="button button--primary button--block" href={pagePath(PAGES.register, { request })}>
            Register again
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1>Check your email</h1>
      <p className="auth-card__lede">
        We sent a 6-digit code to <strong>{pending.email}</strong>. It works for 10 minutes.
      </p>
      {param(query, "notice") === "code_sent" ? (
        <div className="notice" role="status">
          <p>We sent a new code. Only the newest code works.</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/verify-email"
        submitLabel="Confirm"
        hidden={{ [CSRF_FIELD]: csrf, request, email: pending.email }}
        initialError={errorFromQuery(query)}
        fields={[
          { name: "code", label: "6-digit code", type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 },
        ]}
      />
      <form method="post" action="/auth/resend-verification" className="auth-secondary-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {request ? <input type="hidden" name="request" value={request} /> : null}
        <p>
          Didn’t get it? Check your spam folder, or <button type="submit" className="button button--link">send a new code</button>.
        </p>
      </form>
    </div>
  );
}
