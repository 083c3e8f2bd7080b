"use client";

import { useLocale, useTranslations } from "next-intl";
import { createContext, useContext, useId, type ReactNode, type Ref } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { Heading } from "./heading";
import { AlertMessage, StatusMessage } from "./live-messages";
import { LoadError } from "./load-error";
import styles from "./section.module.css";

/**
 * The section kit: the shape the account and staff pages repeat, styled once (section.module.css).
 * A Section (a heading, a line about it, how the last action went, then its body); the body's loading,
 * failed and empty states (QueryStates); cards in a list (CardList, Card), one box of divided rows
 * (RowList, Row), a panel for a form or a step (Panel), a group under a smaller heading (Group), and the
 * small parts inside them: Facts, Meta, Actions, CardNote.
 */

/** The heading level of a failed load's title: one below the section it sits in (an h2 outside one). */
const FailureHeadingLevel = createContext<2 | 3>(2);

/**
 * A section of a page under its h2, which names it (a region for screen readers), and an optional action
 * at the other end of the heading's row. With `headingRef` the heading can take focus, for when what had
 * focus went away. `status` and `alert` are said in live regions under the description: give them (even
 * empty) to have them.
 */
export function Section({
  id,
  title,
  headingRef,
  action,
  description,
  status,
  alert,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  action?: ReactNode;
  description?: ReactNode;
  status?: string;
  alert?: string;
  children?: ReactNode;
}) {
  const heading = (
    <Heading level={2} id={id} headingRef={headingRef} className={styles.title}>
      {title}
    </Heading>
  );
  return (
    <section className={styles.section} aria-labelledby={id}>
      {action ? (
        <div className={styles.ends}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {description ? <p className="muted">{description}</p> : null}
      {status === undefined ? null : <StatusMessage message={status} />}
      {alert === undefined ? null : <AlertMessage message={alert} />}
      <FailureHeadingLevel.Provider value={3}>{children}</FailureHeadingLevel.Provider>
    </section>
  );
}

/** What QueryStates needs of a react-query result. */
export interface Readable<T> {
  isPending: boolean;
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A section's body in its states before the real one. Loading: said in words ("Loading <what>…", or
 * `loading`: other words or a placeholder). Failed: "We couldn’t load <what>" (or `failure`) with the
 * reason (the API's on an English page, a sentence of the page's own in another language) and "Try again". Empty: what `empty` gives for the data (words in a quiet line, or any node;
 * nothing when it is not empty). Otherwise `children` renders the data.
 */
export function QueryStates<T>({
  query,
  what,
  loading,
  failure,
  failureMessage,
  empty,
  children,
}: {
  query: Readable<T>;
  /** What is read, as the sentences name it: "your recovery contacts". */
  what?: string;
  loading?: ReactNode;
  failure?: string;
  failureMessage?: string;
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const headingLevel = useContext(FailureHeadingLevel);
  const t = useTranslations("Ui");
  const locale = useLocale();
  const api = useApiMessages();
  if (query.isPending) {
    const shown = loading === undefined ? t("loading", { what: String(what) }) : loading;
    return typeof shown === "string" ? (
      <p className="muted" aria-busy="true">
        {shown}
      </p>
    ) : (
      shown
    );
  }
  if (query.data === undefined) {
    return (
      <LoadError
        headingLevel={headingLevel}
        title={failure ?? t("loadFailed", { what: String(what) })}
        message={query.error ? (locale === "en" ? query.error.message : api.reason(query.error)) : (failureMessage ?? t("tryAgainSoon"))}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const nothing = empty?.(query.data);
  if (nothing) return typeof nothing === "string" ? <p className="muted">{nothing}</p> : nothing;
  return children(query.data);
}

/** A list of cards (or rows that look like cards), announced as a list; `busy` while it is read again. */
export function CardList({ ordered = false, busy = false, children }: { ordered?: boolean; busy?: boolean; children: ReactNode }) {
  const List = ordered ? "ol" : "ul";
  return (
    <List role="list" aria-busy={busy || undefined} className={styles.cards}>
      {children}
    </List>
  );
}

/**
 * One thing in a list: its title as a heading, then its parts. As an article (the default) it is named by
 * its title; as a list item it is the list's own item (a staff row). `headingRef` lets the title take focus.
 */
export function Card({
  as = "article",
  title,
  titleId,
  headingLevel = 3,
  headingRef,
  children,
}: {
  as?: "article" | "li";
  title: ReactNode;
  titleId?: string;
  headingLevel?: 2 | 3 | 4;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  const heading = (
    <Heading level={headingLevel} id={id} headingRef={headingRef} className={styles.cardTitle}>
      {title}
    </Heading>
  );
  return as === "li" ? (
    <li className={styles.card}>
      {heading}
      {children}
    </li>
  ) : (
    <article className={styles.card} aria-labelledby={id}>
      {heading}
      {children}
    </article>
  );
}

/** One box of short rows divided by lines: an activity log, the removed apps, a family's members. */
export function RowList({ ordered = false, label, children }: { ordered?: boolean; label?: string; children: ReactNode }) {
  const List = ordered ? "ol" : "ul";
  return (
    <List role="list" aria-label={label} className={styles.rows}>
      {children}
    </List>
  );
}

/** A row of a RowList; `spread` puts its first part at the start and its last at the end. */
export function Row({ spread = false, children }: { spread?: boolean; children: ReactNode }) {
  return <li className={spread ? `${styles.row} ${styles.spread}` : styles.row}>{children}</li>;
}

/** A surface for a form or one step of a task, under an optional heading that can take focus. */
export function Panel({ title, headingRef, children }: { title?: ReactNode; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <div className={styles.panel}>
      {title ? (
        <Heading level={3} headingRef={headingRef} className={styles.panelTitle}>
          {title}
        </Heading>
      ) : null}
      {children}
    </div>
  );
}

/** The heading of a part of a section (an h3 inside it), with what belongs under it. */
export function Group({ title, headingRef, children }: { title: ReactNode; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <div className={styles.group}>
      <Heading level={3} headingRef={headingRef} className={styles.groupTitle}>
        {title}
      </Heading>
      {children}
    </div>
  );
}

/** A panel title's look for a heading that sits inside a form (a CodeForm's). */
export const panelTitleClass = styles.panelTitle;

/** A card's look for what only stands where a card will be (a loading placeholder). */
export const cardClass = styles.card;

/** Facts as terms and values, in as many columns as fit. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A quiet line about the thing: when, where, what kind. */
export function Meta({ children }: { children: ReactNode }) {
  return <p className={styles.meta}>{children}</p>;
}

/**
 * A row of buttons that wraps (full width on a narrow phone). `divided` sets it off from what is above
 * (the end of a card); `spread` puts a line of text at the start and the buttons at the end.
 */
export function Actions({ divided = false, spread = false, children }: { divided?: boolean; spread?: boolean; children: ReactNode }) {
  const classes = [spread ? styles.spread : styles.actions, divided ? styles.divided : null].filter(Boolean).join(" ");
  return <div className={classes}>{children}</div>;
}

/** How an action of one card went, said politely in the card; it takes no room while it is empty. */
export function CardNote({ message }: { message: string }) {
  return (
    <p role="status" className={styles.note}>
      {message}
    </p>
  );
}
