import { useTranslations } from "next-intl";

/** The setup wizard's page (app/setup): the one page shown while the church has no administrator. */
export const SETUP_PATH = "/setup";

/**
 * What every page shows while the church is being set up (issue 39): nothing to sign in to yet, and who can
 * finish it. The setup address itself is only in the server's log.
 */
export function SetupNotice() {
  const t = useTranslations("SetupNotice");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <div className="notice">
        <p>{t.rich("howTo", { strong: (chunks) => <strong>{chunks}</strong>, code: (chunks) => <code>{chunks}</code> })}</p>
      </div>
    </div>
  );
}
