"use client";

import { LoadError } from "../load-error";
import { LocalDateTime } from "../local-time";
import { securityEventWords } from "./security-event-words";
import { useSecurityEvents } from "./security-queries";
import styles from "./security.module.css";

/** What happened to the account, newest first, with where from; older entries a page at a time. */
export function SecurityLogSection() {
  const log = useSecurityEvents();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  let body;
  if (log.isPending) {
    body = <p className="muted" aria-busy="true">Loading your recent activity…</p>;
  } else if (!log.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your recent activity"
        message={log.error?.message ?? "Please try again in a moment."}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  } else if (events.length === 0) {
    body = <p className="muted">Nothing has happened on your account yet.</p>;
  } else {
    body = (
      <>
        <ol role="list" className={styles.log} aria-label="Security activity, newest first">
          {events.map((event) => (
            <li key={event.id} className={styles.logEntry}>
              <p className={styles.logWhat}>{securityEventWords(event.type, event.detail)}</p>
              <p className={styles.logWhere}>
                <LocalDateTime iso={event.created_at} /> · {event.browser} on {event.device}
                {event.ip ? <> · IP {event.ip}</> : null}
              </p>
            </li>
          ))}
        </ol>
        {log.isFetchNextPageError ? (
          <p role="alert" className="notice notice--error">
            We couldn’t load older activity. {log.error?.message}
          </p>
        ) : null}
        {log.hasNextPage ? (
          <button
            type="button"
            className="button"
            aria-disabled={log.isFetchingNextPage || undefined}
            onClick={() => !log.isFetchingNextPage && void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? "Loading…" : "Show older activity"}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="security-log-title">
      <h2 id="security-log-title" className={styles.sectionTitle}>
        Recent security activity
      </h2>
      <p className="muted">Sign-ins, changes to your security settings and apps you allowed. If something here was not you, change your password.</p>
      {body}
    </section>
  );
}
