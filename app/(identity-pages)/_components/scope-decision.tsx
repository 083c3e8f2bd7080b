import { useTranslations } from "next-intl";
import { CSRF_FIELD } from "@/lib/http/csrf";

/**
 * What an app asks for, in plain words, and the Allow and Deny buttons that answer it: the consent screen's
 * and /device's. A plain form, so it works without JavaScript; the handler checks who may answer.
 */
export function ScopeDecision({ action, csrf, request, clientName, scopes }: { action: string; csrf: string; request: string; clientName: string; scopes: { scope: string; description: string }[] }) {
  const t = useTranslations("ScopeDecision");
  return (
    <>
      <ul className="scope-list" role="list" aria-label={t("asksFor", { app: clientName })}>
        {scopes.map((line) => (
          <li key={line.scope}>{line.description}</li>
        ))}
      </ul>
      <form method="post" action={action}>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="request" value={request} />
        <div className="auth-actions">
          <button type="submit" name="decision" value="allow" className="button button--primary button--large">
            {t("allow")}
          </button>
          <button type="submit" name="decision" value="deny" className="button button--large">
            {t("deny")}
          </button>
        </div>
      </form>
    </>
  );
}
