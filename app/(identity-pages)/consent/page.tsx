import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { database } from "@/lib/db";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { currentSession } from "../_components/current-session";
import { ScopeDecision } from "../_components/scope-decision";
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
      <ScopeDecision action="/auth/consent" csrf={csrf} request={parked.id} clientName={prompt.clientName} scopes={prompt.scopes} />
      <p className="auth-who">
        Signed in as {session.email}. <a href={switchAccount}>Not you?</a> You can take this permission back at any time from your
        account.
      </p>
    </div>
  );
}
