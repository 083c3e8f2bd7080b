import { useTranslations } from "next-intl";
import styles from "./section.module.css";

/**
 * Paging through a list: "Previous page", "Page 2 of 5", "Next page"; a button at either end is disabled.
 * A list that fits on one page shows no pager; one left on a page past its end (its last items went
 * away) keeps it, so there is a way back.
 */
export function Pager({ label, page, lastPage, onPage }: { label: string; page: number; lastPage: number; onPage: (page: number) => void }) {
  const t = useTranslations("Ui");
  if (page <= 1 && lastPage <= 1) return null;
  return (
    <nav className={styles.ends} aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previousPage")}
      </button>
      <span>{t("pageOf", { page, lastPage })}</span>
      <button type="button" className="button" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t("nextPage")}
      </button>
    </nav>
  );
}
