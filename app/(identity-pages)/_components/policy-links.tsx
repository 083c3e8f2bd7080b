import { useTranslations } from "next-intl";

/**
 * The church's privacy policy and terms (/admin/settings) under every sign-in, registration and consent page,
 * where someone decides to give the church their details; nothing while the church has set neither.
 */
export function PolicyLinks({ privacyUrl, termsUrl }: { privacyUrl: string | null; termsUrl: string | null }) {
  const t = useTranslations("Shell");
  if (!privacyUrl && !termsUrl) return null;
  return (
    <p className="auth-policies">
      {privacyUrl ? <a href={privacyUrl}>{t("privacyPolicy")}</a> : null}
      {privacyUrl && termsUrl ? " · " : null}
      {termsUrl ? <a href={termsUrl}>{t("termsOfUse")}</a> : null}
    </p>
  );
}
