import type { Metadata } from "next";
import { safeRelativePath } from "@/lib/accounts/return-to";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { currentSession } from "../_components/current-session";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign out" };

/** A confirmation with a button: signing out changes state, so it is a POST (CSRF-checked), never a link. */
export default async function SignOutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const continueTo = safeRelativePath(param(query, "continue"));
  const session = await currentSession();
  const error = errorFromQuery(query);
  if (!session) {
    return (
      <div className="auth-card">
        <h1>You’re signed out</h1>
        <p className="auth-card__lede">This browser is not signed in to your church account.</p>
        <p>
          <a className="button button--primary button--block" href={continueTo ?? "/"}>
            Continue
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Sign out?</h1>
      <p className="auth-card__lede">You’re signed in as {session.email}. Signing out ends your session on this device.</p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <form method="post" action="/auth/sign-out">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {continueTo ? <input type="hidden" name="continue" value={continueTo} /> : null}
        <button type="submit" className="button button--primary button--block button--large">
          Sign out
        </button>
      </form>
      <ul className="auth-links" role="list">
        <li>
          <a href={continueTo ?? "/"}>Stay signed in</a>
        </li>
      </ul>
    </div>
  );
}
