"use client";

import { useTranslations } from "next-intl";
import { Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { useApiMessages } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { useSecurityEventWords } from "./security-event-words";
import { useSecurityEvents } from "./security-queries";
import styles from "./security.module.css";

/** What happened to the account, newest first, with where from; older entries a page at a time. */
export function SecurityLogSection() {
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
  const describe = useSecurityEventWords();
  const log = useSecurityEvents();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Section id="security-log-title" title={t("log.title")} description={t("log.description")}>
      <QueryStates query={log} loading={t("log.loading")} failure={t("log.loadFailed")} empty={() => events.length === 0 && t("log.empty")}>
        {() => (
          <>
            <RowList ordered label={t("log.label")}>
              {events.map((event) => (
                <Row key={event.id}>
                  <p className={styles.what}>{describe(event.type, event.detail)}</p>
                  <Meta>
                    <LocalDateTime iso={event.created_at} /> · {t("sessions.browserOn", { browser: event.browser, device: event.device })}
                    {event.ip ? <> · {t("log.ip", { ip: event.ip })}</> : null}
                  </Meta>
                </Row>
              ))}
            </RowList>
            {log.isFetchNextPageError ? (
              <p role="alert" className="notice notice--error">
                {log.error ? api.failed(t("log.olderFailed"), log.error) : t("log.olderFailed")}
              </p>
            ) : null}
            {log.hasNextPage ? (
              <button
                type="button"
                className="button"
                aria-disabled={log.isFetchingNextPage || undefined}
                onClick={() => !log.isFetchingNextPage && void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? t("log.loadingOlder") : t("log.showOlder")}
              </button>
            ) : null}
          </>
        )}
      </QueryStates>
    </Section>
  );
}
