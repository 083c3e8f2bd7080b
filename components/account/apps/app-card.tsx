import { useTranslations } from "next-intl";
import type { Ref } from "react";
import { Actions, Card, Meta } from "@/components/ui/section";
import type { ListedConsent } from "@/lib/consents/schemas";
import styles from "./apps.module.css";
import { LocalDate } from "../local-time";
import { useScopesInWords } from "./scope-words";

/**
 * One app that can access the account: its name, what it may do in plain words, since when, and the
 * button that asks before removing its access. The button names the app for screen readers, since every
 * card has one.
 */
export function AppCard({
  consent,
  onRemove,
  removeButtonRef,
}: {
  consent: ListedConsent;
  onRemove: (consent: ListedConsent) => void;
  removeButtonRef: Ref<HTMLButtonElement>;
}) {
  const t = useTranslations("AccountApps");
  const scopes = useScopesInWords()(consent.scopes);
  return (
    <Card headingLevel={2} title={consent.client_name}>
      {scopes.length > 0 ? (
        <div>
          <p className={styles.canLabel}>{t("card.itCan")}</p>
          <ul className={styles.scopes}>
            {scopes.map(({ scope, words }) => (
              <li key={scope}>{words}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Actions divided spread>
        <Meta>
          {t.rich("card.allowedOn", { date: () => <LocalDate iso={consent.granted_at} /> })}
        </Meta>
        <button ref={removeButtonRef} type="button" className="button button--danger-outline" onClick={() => onRemove(consent)}>
          {t.rich("card.removeNamed", { app: consent.client_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
        </button>
      </Actions>
    </Card>
  );
}
