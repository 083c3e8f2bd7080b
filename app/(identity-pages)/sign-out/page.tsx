import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { safeRelativePath } from "@/lib/sign-in/return-to";
import { database } from "@/lib/db";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { resolveLogoutReturn, type LogoutReturn } from "@/lib/oauth/end-session";
import { currentSession } from "../_components/current-session";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign out" };

/** The query: a same-origin path to continue to, or the app an RP-initiated logout came from. */
const signOutQuerySchema = z.object({
  continue: z.string().max(2000).optional(),
  client_id: z.string().max(128).optional(),
  post_logout_redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(4096).optional(),
});

/** Where the app's address goes: scheme, host and port, which the member can judge before leaving. */
function Destination({ back }: { back: LogoutReturn }) {
  return <strong className="auth-destination">{back.origin}</strong>;
}

/**
 * A confirmation with a button: signing out changes state, so it is a POST (CSRF-checked), never a link.
 * After an app's logout request without its ID token (lib/oauth/end-session.ts), this page names the app
 * and where it will send the member: nobody is signed out, or sent to the app, without their click here.
 */
export default async function SignOutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = await searchParams;
  const parsed = signOutQuerySchema.safeParse({
    continue: param(raw, "continue"),
    client_id: param(raw, "client_id"),
    post_logout_redirect_uri: param(raw, "post_logout_redirect_uri"),
    state: param(raw, "state"),
  });
  const query = parsed.success ? parsed.data : {};
  const csrf = (await csrfTokenForPage()) ?? "";
  const continueTo = safeRelativePath(query.continue);
  // Checked against the app's registration again: this page's query is anyone's to write.
  const back = query.client_id && query.post_logout_redirect_uri ? await resolveLogoutReturn(await database(), query) : null;
  const session = await currentSession();
  const error = errorFromQuery(raw);
  if (!session) {
    if (back) {
      return (
        <div className="auth-card">
          <h1>You’re signed out</h1>
          <p className="auth-card__lede">This browser is not signed in to your church account.</p>
          <p>
            {`${back.clientName} asked to take you back to it at `}
            <Destination back={back} />.
          </p>
          <p>
            <a className="button button--primary button--block" href={back.url}>
              {`Return to ${back.clientName}`}
            </a>
          </p>
          <ul className="auth-links" role="list">
            <li>
              <Link href="/">Go to the home page instead</Link>
            </li>
          </ul>
        </div>
      );
    }
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
      {back ? (
        <p>
          {`${back.clientName} asked you to sign out. Afterwards you’ll go back to it at `}
          <Destination back={back} />.
        </p>
      ) : null}
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <form method="post" action="/auth/sign-out">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {back ? (
          <>
            <input type="hidden" name="client_id" value={back.params.client_id} />
            <input type="hidden" name="post_logout_redirect_uri" value={back.params.post_logout_redirect_uri} />
            {back.params.state ? <input type="hidden" name="state" value={back.params.state} /> : null}
          </>
        ) : continueTo ? (
          <input type="hidden" name="continue" value={continueTo} />
        ) : null}
        <button type="submit" className="button button--primary button--block button--large">
          Sign out
        </button>
      </form>
      <ul className="auth-links" role="list">
        <li>
          <a href={back ? "/" : (continueTo ?? "/")}>Stay signed in</a>
        </li>
      </ul>
    </div>
  );
}
