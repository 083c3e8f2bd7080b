"use client";

import { useRef, type ReactNode, type RefObject } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { CardList, QueryStates, type Readable } from "@/components/ui/section";
import type { PageMetadata } from "@/lib/staff-lists/schemas";

/**
 * The results of a staff list, as every staff section shows them: a heading (for screen readers) saying
 * how many were found, the loading and failed states, what an empty page says, the cards, and the pager.
 * Turning a page puts focus on that heading, so a keyboard continues at the top of the new page. Pass
 * `headingRef` to focus it yourself as well (after a card went away, say). With `layout="table"` the
 * children are one DataTable (components/ui/data-table.tsx) rather than cards, and are told when the list
 * is being read again (`busy`), for the table to say so.
 */
export function StaffListResults<Item>({
  query,
  page,
  perPage,
  onPage,
  count,
  loading,
  failure,
  empty,
  pagerLabel,
  emptyAction,
  headingRef,
  showCount = false,
  layout = "cards",
  children,
}: {
  query: Readable<{ metadata: PageMetadata; items: Item[] }>;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /**
   * How the heading counts them, in the page's language: `(total) => t("count", { count: total })` with a
   * plural message ("{count, plural, one {# household} other {# households}}"), and for `undefined` (not
   * read yet) the word alone, capitalised ("Households"). The older `["household", "households"]` says it
   * in English only.
   */
  count: ((total: number | undefined) => string) | readonly [one: string, many: string];
  loading: string;
  failure: string;
  /** What an empty page says: no match for the search, or nothing at all yet. */
  empty: string;
  /** What an empty page offers to do, under its words ("Create an event"). */
  emptyAction?: ReactNode;
  pagerLabel: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Also say the count above the cards, for the eye (the heading says it to screen readers). */
  showCount?: boolean;
  /** Cards in a list (the default), or one table. */
  layout?: "cards" | "table";
  /** The cards (or the table) of one page; `busy` while the list is read again. */
  children: (items: Item[], state: { busy: boolean }) => ReactNode;
}) {
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  const total = query.data?.metadata.total;
  const lastPage = total === undefined ? 1 : Math.max(1, Math.ceil(total / perPage));
  const counted = (found: number | undefined) => {
    if (typeof count === "function") return count(found);
    const [one, many] = count;
    return found === undefined ? many.charAt(0).toUpperCase() + many.slice(1) : `${found} ${found === 1 ? one : many}`;
  };

  return (
    <>
      <h3 ref={heading} tabIndex={-1} className="visually-hidden">
        {counted(total)}
      </h3>
      <QueryStates
        query={query}
        loading={loading}
        failure={failure}
        empty={(result) =>
          result.items.length === 0 && (
            <EmptyState>
              <p>{empty}</p>
              {emptyAction}
            </EmptyState>
          )
        }
      >
        {(result) => (
          <>
            {showCount ? (
              <p className="muted" aria-hidden="true">
                {counted(result.metadata.total)}
              </p>
            ) : null}
            {layout === "table" ? (
              children(result.items, { busy: query.isFetching })
            ) : (
              <CardList busy={query.isFetching}>{children(result.items, { busy: query.isFetching })}</CardList>
            )}
            <Pager
              label={pagerLabel}
              page={page}
              lastPage={lastPage}
              onPage={(next) => {
                onPage(next);
                heading.current?.focus();
              }}
            />
          </>
        )}
      </QueryStates>
    </>
  );
}
