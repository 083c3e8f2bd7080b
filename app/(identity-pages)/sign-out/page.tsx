import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { safeRelativePath } from "@/lib/sign-in/return-to";
import { database } from "@/lib/db";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { resolveLogoutReturn } from "@/lib/oauth/end-session";
import { currentSession } from "@/lib/http/current-session";
import { pageError } from "../_components/page-error";
import { param, type SearchParams } from "../_components/page-errors";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignOut");
  return { title: t("title") };
}

/** The query: a same-origin path to continue to, or the app an RP-initiated logout came from. */
const signOutQuerySchema = z.object({
  continue: z.string().max(2000).optional(),
  client_id: z.string().max(128).optional(),
  post_logout_redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(4096).optional(),
});

/** Where the app's address (`back.origin`) goes: scheme, host and port, which the member can judge before leaving. */
function Destination({ children }: { children: ReactNode }) {
  return <strong className="auth-destination">{children}</strong>;
}

/**
 * A confirmation with a button: signing out changes state, so it is a POST (CSRF-checked), never a link.
 * After an app's logout request without its ID token (lib/oauth/end-session.ts), this page names the app
 * and where it will send the member: nobody is signed out, or sent to the app, without their click here.
 */
export default async function SignOutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = await searchParams;
  const t = await getTranslations("SignOut");
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
  const error = await pageError(raw);
  const destination = (chunks: ReactNode) => <Destination>{chunks}</Destination>;
  if (!session) {
    if (back) {
      return (
        <div className="auth-card">
          <h1>{t("signedOutTitle")}</h1>
          <p className="auth-card__lede">{t("notSignedIn")}</p>
          <p>{t.rich("appAsksBack", { app: back.clientName, origin: back.origin, destination })}</p>
          <p>
            <a className="button button--primary button--block" href={back.url}>
              {t("returnToApp", { app: back.clientName })}
            </a>
          </p>
          <ul className="auth-links" role="list">
            <li>
              <Link href="/">{t("homeInstead")}</Link>
            </li>
          </ul>
        </div>
      );
    }
    return (
      <div className="auth-card">
        <h1>{t("signedOutTitle")}</h1>
        <p className="auth-card__lede">{t("notSignedIn")}</p>
        <p>
          <a className="button button--primary button--block" href={continueTo ?? "/"}>
            {t("continue")}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>{t("confirmTitle")}</h1>
      <p className="auth-card__lede">{t("confirmLede", { email: session.email })}</p>
      {back ? <p>{t.rich("appAsksSignOut", { app: back.clientName, origin: back.origin, destination })}</p> : null}
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
          {t("submit")}
        </button>
      </form>
      <ul className="auth-links" role="list">
        <li>
          <a href={back ? "/" : (continueTo ?? "/")}>{t("staySignedIn")}</a>
        </li>
      </ul>
    </div>
  );
}
