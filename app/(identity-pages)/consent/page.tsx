import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { database } from "@/lib/db";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { currentSession } from "@/lib/http/current-session";
import { ScopeDecision } from "../_components/scope-decision";
import { pageError } from "../_components/page-error";
import { param, type SearchParams } from "../_components/page-errors";
import { parkedRequestOfThisBrowser } from "../_components/request-context";
import { scopeLinesInPageLanguage } from "./scope-words";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Consent");
  return { title: t("title") };
}

function Expired() {
  const t = useTranslations("Consent");
  return (
    <div className="auth-card">
      <h1>{t("expiredTitle")}</h1>
      <p className="auth-card__lede">{t("expiredLede")}</p>
    </div>
  );
}

export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("Consent");
  const csrf = (await csrfTokenForPage()) ?? "";
  const requestId = param(query, "request");
  const session = await currentSession();
  if (!session) redirect(pagePath(PAGES.signIn, { request: requestId }));

  const parked = await parkedRequestOfThisBrowser(requestId);
  const prompt = parked ? await getConsentPrompt(await database(), parked.params) : null;
  if (!parked || !prompt) return <Expired />;

  const error = await pageError(query);
  const switchAccount = pagePath(PAGES.signOut, { continue: pagePath(PAGES.signIn, { request: parked.id }) });
  return (
    <div className="auth-card">
      <h1>{t("heading", { app: prompt.clientName })}</h1>
      <p className="auth-card__lede">{t("lede", { app: prompt.clientName })}</p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <ScopeDecision action="/auth/consent" csrf={csrf} request={parked.id} clientName={prompt.clientName} scopes={await scopeLinesInPageLanguage(prompt.scopes)} />
      <p className="auth-who">{t.rich("signedInAs", { email: session.email, switchAccount: (chunks) => <a href={switchAccount}>{chunks}</a> })}</p>
    </div>
  );
}
