import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { LinkedIdentitiesSection, type FederationNotice } from "@/components/account/security/linked-identities-section";
import { PasskeysSection } from "@/components/account/security/passkeys-section";
import { PasswordSection } from "@/components/account/security/password-section";
import { SecurityLogSection } from "@/components/account/security/security-log-section";
import { SessionsSection } from "@/components/account/security/sessions-section";
import { TwoFactorSection } from "@/components/account/security/two-factor-section";
import { isAccountErrorCode } from "@/lib/accounts/errors";
import { FEDERATION_OUTCOMES, isFederationOutcome } from "@/lib/federation/outcomes";
import { database } from "@/lib/db";
import { listEnabledProviders } from "@/lib/federation/providers";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { accountErrorMessage } from "@/lib/i18n/account-error-words";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountSecurity");
  return { title: t("page.title"), robots: { index: false, follow: false } };
}

/** What Security says after a link attempt, by the outcome's message (lib/federation/outcomes.ts holds the tone). */
// i18n-uses: AccountSecurity.federation.*

/**
 * The password, passkeys, two-step sign-in, where the member is signed in, and what happened to their account. Signed out, it
 * sends them to sign in. Everything is read and changed in the browser through the portal relay, so the
 * page never needs the member's access token.
 */
export default async function AccountSecurityPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePortalSession("/account/security");
  const t = await getTranslations("AccountSecurity");
  const locale = await getLocale();
  const query = await searchParams;
  const providers = await listEnabledProviders(await database());
  const csrf = (await csrfTokenForPage()) ?? "";
  // Back from linking another account (?federation=<outcome>), or its start refused (?error=<code>): closed tables only.
  const outcome = first(query.federation);
  const error = first(query.error);
  const providerName = providers.find((provider) => provider.id === first(query.provider))?.displayName ?? null;
  let notice: FederationNotice | null = null;
  if (isFederationOutcome(outcome)) {
    // The provider is named only when the page finds its id among the configured providers.
    notice = { tone: FEDERATION_OUTCOMES[outcome].tone, text: t(`federation.${outcome}`, { named: providerName ? "yes" : "no", provider: providerName ?? "" }) };
  } else if (isAccountErrorCode(error)) notice = { tone: "error", text: accountErrorMessage(error, locale) };
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      {/* "Account": the shared account controls' words (code-form and the like); FieldMessages: the new password's rule. */}
      <ClientMessages namespaces={["Account", "AccountSecurity", "FieldMessages", "PasswordStrength"]}>
        <PasswordSection />
        <PasskeysSection />
        <TwoFactorSection />
        <SessionsSection />
        <LinkedIdentitiesSection providers={providers} csrfToken={csrf} notice={notice} />
        <SecurityLogSection />
      </ClientMessages>
    </div>
  );
}
