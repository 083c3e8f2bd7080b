import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { addressPieces, nextSort, type SortDirection, type TableSort } from "./data-table-logic";
import styles from "./data-table.module.css";

export type { SortDirection, TableSort } from "./data-table-logic";

/** A column of a DataTable. */
export interface TableColumn<Row, Key extends string = string> {
  key: Key;
  /** The header's words; on a phone, also the label before each of the column's cells. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** The column that names each row (its name or title, a link): a row header, and on a phone the title of the row's block. */
  rowHeader?: boolean;
  /** The row's actions (a RowMenu): the header is said, not shown; on a phone, beside the row's title. */
  actions?: boolean;
  /**
   * Sortable by its header: how each direction is said ("title, A to Z"; the caption says "sorted by …"), and
   * which a first press asks for (ascending unless said).
   */
  sort?: { ascending: string; descending: string; first?: SortDirection };
}

/**
 * A staff list as a real table: a caption (said, not shown), column headers, a header per row. A sortable
 * column's header is a button; the sorted one carries `aria-sort` and an arrow, and the caption says the
 * order. `busy` while the next page or order is read: the rows dim, and screen readers hear it is busy.
 * Below 44rem of room (a phone) each row is a block: its title (and its actions) on top, each other cell
 * under its column's label, and a long value (an address) on its own line, whole; the sortable headers
 * become a "Sort by" row of buttons. Nothing scrolls sideways. Roles are set on every part so the table
 * stays a table to screen readers when the phone layout changes how its parts display.
 * `details` may add a full-width row under a row (a household's members, shown in place).
 */
export function DataTable<Row, Key extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  busy = false,
  details,
}: {
  /** What the rows are: "Events". */
  caption: string;
  columns: readonly TableColumn<Row, Key>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: TableSort<Key>;
  onSort?: (sort: TableSort<Key>) => void;
  busy?: boolean;
  details?: (row: Row) => ReactNode;
}) {
  const t = useTranslations("Ui");
  const sorted = sort ? columns.find((column) => column.key === sort.column && column.sort) : undefined;
  const sortable = onSort !== undefined && sort !== undefined && columns.some((column) => column.sort);
  const hasActions = columns.some((column) => column.actions);
  const tableClass = [styles.table, hasActions ? styles.withActions : null, sortable ? styles.sortable : null].filter(Boolean).join(" ");

  return (
    <div className={styles.frame} data-busy={busy || undefined}>
      <table role="table" className={tableClass} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{sorted?.sort && sort ? t("captionSorted", { caption, order: sorted.sort[sort.direction] }) : caption}</caption>
        <thead role="rowgroup">
          {/* data-sort-by: the words of the phone layout's "Sort by" row (data-table.module.css). */}
          <tr role="row" data-sort-by={sortable ? t("sortBy") : undefined}>
            {columns.map((column) => {
              const isSorted = sorted !== undefined && sorted.key === column.key && sort !== undefined;
              const sortWords = column.sort;
              return (
                <th
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={isSorted ? sort.direction : undefined}
                  className={sortWords && sortable ? styles.sortHeader : styles.header}
                >
                  {sortWords && sortable && sort && onSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(nextSort(sort, column.key, sortWords.first))}>
                      {column.label}
                      <span aria-hidden="true" className={isSorted ? (sort.direction === "ascending" ? styles.up : styles.down) : styles.either} />
                    </button>
                  ) : column.actions ? (
                    <span className="visually-hidden">{column.label}</span>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => {
            const more = details?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr role="row" className={more ? `${styles.row} ${styles.opened}` : styles.row}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.key} role="rowheader" scope="row" className={styles.rowHeader}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} role="cell" className={column.actions ? styles.actionsCell : styles.cell}>
                        {column.actions ? (
                          column.cell(row)
                        ) : (
                          <>
                            <span aria-hidden="true" className={styles.label}>
                              {column.label}
                            </span>
                            <div className={styles.value}>{column.cell(row)}</div>
                          </>
                        )}
                      </td>
                    ),
                  )}
                </tr>
                {more ? (
                  <tr role="row" className={styles.detailsRow}>
                    <td role="cell" colSpan={columns.length} className={styles.details}>
                      {more}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An email address that breaks where a printed one would, before its `@` and its dots: each piece between
 * them moves to the next line whole when it does not fit. Only a piece wider than its whole column breaks
 * inside (at a hyphen; on a phone, anywhere, as a last resort), so nothing scrolls sideways.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span>
      {addressPieces(address).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className={styles.piece}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}
