import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { pendingEmailCodeCookieName, readPendingEmailCode } from "@/lib/sign-in/pending-email-code";
import { AuthForm } from "../../../_components/auth-form";
import { errorFromQuery, param, type SearchParams } from "../../../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Check your email" };

const NOTICES: Record<string, string> = {
  code_sent: "We sent a new code. Only the newest code works.",
};

export default async function EmailCodeVerifyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  // Without the sealed cookie (expired, another browser, opened directly) there is no code to type here.
  const pending = await readPendingEmailCode((await cookies()).get(pendingEmailCodeCookieName())?.value);
  if (!pending) redirect(pagePath(PAGES.emailCode, { request: param(query, "request"), error: "sign_in_expired" }));

  const keep = { request: pending.request, return_to: pending.returnTo };
  const notice = NOTICES[param(query, "notice") ?? ""];
  return (
    <div className="auth-card">
      <h1>Check your email</h1>
      {/* The same words whether or not the address has an account: nothing here may tell. */}
      <p className="auth-card__lede">
        If <strong className="auth-address">{pending.email}</strong> has an account here, we sent a 6-digit code to it. It works for 10 minutes, in
        this browser.
      </p>
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      <AuthForm
        action="/auth/email-code/verify"
        submitLabel="Sign in"
        hidden={{ [CSRF_FIELD]: csrf, request: pending.request }}
        initialError={errorFromQuery(query)}
        fields={[{ name: "code", label: "6-digit code", type: "text", inputMode: "numeric", autoComplete: "one-time-code", pattern: "[0-9 -]{6,7}", maxLength: 7 }]}
      />
      <form method="post" action="/auth/email-code/resend" className="auth-secondary-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {pending.request ? <input type="hidden" name="request" value={pending.request} /> : null}
        <p>
          Didn’t get it? Check your spam folder, or <button type="submit" className="button button--link">send a new code</button>.
        </p>
      </form>
      <ul className="auth-links" role="list">
        <li>
          <a href={pagePath(PAGES.emailCode, keep)}>Use a different email address</a>
        </li>
        <li>
          <a href={pagePath(PAGES.signIn, keep)}>Sign in with your password instead</a>
        </li>
      </ul>
    </div>
  );
}
