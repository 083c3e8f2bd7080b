import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { database } from "@/lib/db";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { currentSession } from "../_components/current-session";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";
import { parkedRequestOfThisBrowser } from "../_components/request-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Allow access?" };

function Expired() {
  return (
    <div className="auth-card">
      <h1>This request has expired</h1>
      <p className="auth-card__lede">Go back to the app you came from and start again.</p>
    </div>
  );
}

export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  const session = await currentSession();
  if (!session) redirect(pagePath(PAGES.signIn, { request: requestId }));

  const parked = await parkedRequestOfThisBrowser(requestId);
  const prompt = parked ? await getConsentPrompt(await database(), parked.params) : null;
  if (!parked || !prompt) return <Expired />;

  const error = errorFromQuery(query);
  const switchAccount = pagePath(PAGES.signOut, { continue: pagePath(PAGES.signIn, { request: parked.id }) });
  return (
    <div className="auth-card">
      <h1>{`Allow ${prompt.clientName} to use your account?`}</h1>
      <p className="auth-card__lede">{`${prompt.clientName} is not run by the church. If you allow it, it will be able to:`}</p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <ul className="scope-list" role="list" aria-label={`What ${prompt.clientName} asks for`}>
        {prompt.scopes.map((line) => (
          <li key={line.scope}>{line.description}</li>
        ))}
      </ul>
      <form method="post" action="/auth/consent">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="request" value={parked.id} />
        <div className="auth-actions">
          <button type="submit" name="decision" value="allow" className="button button--primary button--large">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" className="button button--large">
            Deny
          </button>
        </div>
      </form>
      <p className="auth-who">
        Signed in as {session.email}. <a href={switchAccount}>Not you?</a> You can take this permission back at any time from your
        account.
      </p>
    </div>
  );
}
