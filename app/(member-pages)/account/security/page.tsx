import type { Metadata } from "next";
import { LinkedIdentitiesSection, type FederationNotice } from "@/components/account/security/linked-identities-section";
import { PasskeysSection } from "@/components/account/security/passkeys-section";
import { PasswordSection } from "@/components/account/security/password-section";
import { SecurityLogSection } from "@/components/account/security/security-log-section";
import { SessionsSection } from "@/components/account/security/sessions-section";
import { TwoFactorSection } from "@/components/account/security/two-factor-section";
import { ACCOUNT_ERRORS, isAccountErrorCode } from "@/lib/accounts/errors";
import { federationOutcomeMessage, isFederationOutcome } from "@/lib/federation/outcomes";
import { database } from "@/lib/db";
import { listEnabledProviders } from "@/lib/federation/providers";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Security",
  robots: { index: false, follow: false },
};

/**
 * The password, passkeys, two-step sign-in, where the member is signed in, and what happened to their account. Signed out, it
 * sends them to sign in. Everything is read and changed in the browser through the portal relay, so the
 * page never needs the member's access token.
 */
export default async function AccountSecurityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePortalSession("/account/security");
  const query = await searchParams;
  const providers = await listEnabledProviders(await database());
  const csrf = (await csrfTokenForPage()) ?? "";
  // Back from linking another account (?federation=<outcome>), or its start refused (?error=<code>): closed tables only.
  const outcome = first(query.federation);
  const error = first(query.error);
  const providerName = providers.find((provider) => provider.id === first(query.provider))?.displayName ?? null;
  let notice: FederationNotice | null = null;
  if (isFederationOutcome(outcome)) notice = federationOutcomeMessage(outcome, providerName);
  else if (isAccountErrorCode(error)) notice = { tone: "error", text: ACCOUNT_ERRORS[error].message };
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Security</h1>
      <p className="lede">Your password and passkeys, two-step sign-in, where you are signed in, accounts you sign in with, and what has happened on your account.</p>
      <PasswordSection />
      <PasskeysSection />
      <TwoFactorSection />
      <SessionsSection />
      <LinkedIdentitiesSection providers={providers} csrfToken={csrf} notice={notice} />
      <SecurityLogSection />
    </div>
  );
}
