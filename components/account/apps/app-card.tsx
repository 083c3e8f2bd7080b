import { useId, type Ref } from "react";
import type { ListedConsent } from "@/lib/consents/schemas";
import styles from "./apps.module.css";
import { LocalDate } from "../local-time";
import { scopesInWords } from "./scope-words";

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
  const titleId = useId();
  const scopes = scopesInWords(consent.scopes);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.appName}>
        {consent.client_name}
      </h2>
      {scopes.length > 0 ? (
        <>
          <p className={styles.canLabel}>It can:</p>
          <ul className={styles.scopes}>
            {scopes.map(({ scope, words }) => (
              <li key={scope}>{words}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.cardFooter}>
        <p className={styles.date}>
          Allowed on <LocalDate iso={consent.granted_at} />
        </p>
        <button ref={removeButtonRef} type="button" className={`button button--danger-outline ${styles.removeButton}`} onClick={() => onRemove(consent)}>
          Remove access<span className="visually-hidden"> for {consent.client_name}</span>
        </button>
      </div>
    </article>
  );
}
