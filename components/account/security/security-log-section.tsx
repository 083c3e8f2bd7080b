"use client";

import { Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { LocalDateTime } from "../local-time";
import { securityEventWords } from "./security-event-words";
import { useSecurityEvents } from "./security-queries";
import styles from "./security.module.css";

/** What happened to the account, newest first, with where from; older entries a page at a time. */
export function SecurityLogSection() {
  const log = useSecurityEvents();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Section
      id="security-log-title"
      title="Recent security activity"
      description="Sign-ins, changes to your security settings and apps you allowed. If something here was not you, change your password."
    >
      <QueryStates query={log} what="your recent activity" empty={() => events.length === 0 && "Nothing has happened on your account yet."}>
        {() => (
          <>
            <RowList ordered label="Security activity, newest first">
              {events.map((event) => (
                <Row key={event.id}>
                  <p className={styles.what}>{securityEventWords(event.type, event.detail)}</p>
                  <Meta>
                    <LocalDateTime iso={event.created_at} /> · {event.browser} on {event.device}
                    {event.ip ? <> · IP {event.ip}</> : null}
                  </Meta>
                </Row>
              ))}
            </RowList>
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
        )}
      </QueryStates>
    </Section>
  );
}
