import styles from "./section.module.css";

/** Paging through a list: "Previous page", "Page 2 of 5", "Next page"; a button at either end is disabled. */
export function Pager({ label, page, lastPage, onPage }: { label: string; page: number; lastPage: number; onPage: (page: number) => void }) {
  return (
    <nav className={styles.ends} aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {page} of {lastPage}
      </span>
      <button type="button" className="button" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
