import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Actions, Panel } from "@/components/ui/section";
import { linkCookieName, readLinkCookie } from "@/lib/federation/cookies";
import { LINK_CONFIRM_PATH, SECURITY_PAGE_PATH } from "@/lib/federation/outcomes";
import { database } from "@/lib/db";
import { getPendingLink } from "@/lib/federation/pending-link";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Link an account",
  robots: { index: false, follow: false },
};

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

  if (!pending) {
    return (
      <div className="page page--narrow">
        <p className="eyebrow">Your account</p>
        <h1>Nothing to link</h1>
        <p className="lede">
          This link request has expired, was already used, or was started while signed in as someone else. Nothing was changed.
        </p>
        <p>
          <a className="button" href={SECURITY_PAGE_PATH}>
            Back to Security
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Link your {pending.providerName} account?</h1>
      <p className="lede">
        You signed in at {pending.providerName}
        {pending.email ? ` as ${pending.email}` : ""}. That account isn’t linked to an account here yet.
      </p>
      <Panel>
        <p>
          If you link it to your account{session.member.email ? ` (${session.member.email})` : ""}, “Continue with {pending.providerName}” will sign
          you in here. Link it only if it is your own account. You can remove it at any time under Security.
        </p>
        <form method="post" action="/portal/federated/link">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <Actions>
            <button type="submit" name="decision" value="link" className="button button--primary">
              Link account
            </button>
            <button type="submit" name="decision" value="cancel" className="button">
              Cancel
            </button>
          </Actions>
        </form>
      </Panel>
    </div>
  );
}
