import { useTranslations } from "next-intl";
import { Meta, Row, RowList } from "@/components/ui/section";
import type { ListedConsent } from "@/lib/consents/schemas";
import styles from "./apps.module.css";
import { LocalDate } from "../local-time";

/**
 * Apps whose access the member removed, folded away under the main list: a record of what they did,
 * and how an app gets back in (it has to ask again).
 */
export function RemovedApps({ consents }: { consents: ListedConsent[] }) {
  const t = useTranslations("AccountApps");
  if (consents.length === 0) return null;
  return (
    <details className={styles.removed}>
      <summary className={styles.removedSummary}>{t("removedApps.summary", { count: consents.length })}</summary>
      <RowList>
        {consents.map((consent) => (
          <Row key={consent.id}>
            <span className={styles.removedName}>{consent.client_name}</span>{" "}
            <span className="muted">
              {consent.revoked_at ? t.rich("removedApps.removedOn", { date: () => <LocalDate iso={consent.revoked_at!} /> }) : t("removedApps.removed")}
            </span>
          </Row>
        ))}
      </RowList>
      <Meta>{t("removedApps.note")}</Meta>
    </details>
  );
}
