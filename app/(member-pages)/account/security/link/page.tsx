import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { Actions, Panel } from "@/components/ui/section";
import { linkCookieName, readLinkCookie } from "@/lib/federation/cookies";
import { LINK_CONFIRM_PATH, SECURITY_PAGE_PATH } from "@/lib/federation/outcomes";
import { database } from "@/lib/db";
import { getPendingLink } from "@/lib/federation/pending-link";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountSecurity");
  return { title: t("link.title"), robots: { index: false, follow: false } };
}

/**
 * Where the provider's callback sends a signed-in member whose account there is not linked yet
 * (docs/decisions/0014). The one-time link code waits in the browser's sealed `fed-link` cookie; this page
 * shows what it would link and asks. "Link account" posts (CSRF-checked) to /portal/federated/link, which
 * calls POST /oauth/federated/link/finalize with the member's own access token on the server; the code is
 * bound to the member it was issued for, so nobody else's token can use it.
 */
export default async function LinkIdentityPage() {
  const session = await requirePortalSession(LINK_CONFIRM_PATH);
  const code = await readLinkCookie((await cookies()).get(linkCookieName())?.value);
  const pending = code ? await getPendingLink(await database(), code, session.member.id) : null;
  const csrf = (await csrfTokenForPage()) ?? "";
  const t = await getTranslations("AccountSecurity");

  if (!pending) {
    return (
      <div className="page page--narrow">
        <p className="eyebrow">{t("page.eyebrow")}</p>
        <h1>{t("link.nothingTitle")}</h1>
        <p className="lede">{t("link.nothingLede")}</p>
        <p>
          <a className="button" href={SECURITY_PAGE_PATH}>
            {t("link.back")}
          </a>
        </p>
      </div>
    );
  }

  const provider = pending.providerName;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("link.heading", { provider })}</h1>
      <p className="lede">{pending.email ? t("link.signedInAtAs", { provider, email: pending.email }) : t("link.signedInAt", { provider })}</p>
      <Panel>
        <p>{session.member.email ? t("link.explainWithEmail", { provider, email: session.member.email }) : t("link.explain", { provider })}</p>
        <form method="post" action="/portal/federated/link">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <Actions>
            <button type="submit" name="decision" value="link" className="button button--primary">
              {t("link.submit")}
            </button>
            <button type="submit" name="decision" value="cancel" className="button">
              {t("link.cancel")}
            </button>
          </Actions>
        </form>
      </Panel>
    </div>
  );
}
