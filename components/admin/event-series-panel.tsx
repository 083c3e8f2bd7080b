"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Actions, Meta, QueryStates, Section } from "@/components/ui/section";
import { describeRule, type RecurrenceRule } from "@/lib/series/recurrence";
import { useApiMessages } from "../account/api-messages";
import { useAdminEvent, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { usePublishSeries, useSeries } from "./series-queries";

/**
 * Staff: on an occurrence's page, its series (docs/decisions/0026): the rule in words, whether this date
 * follows the series or was edited on its own, and "Cancel this date" (the event's own cancel: it stays in
 * the feed, marked cancelled, and calendar apps see it cancelled).
 */
export function EventSeriesPanel({ eventId }: { eventId: string }) {
  const t = useTranslations("AdminEvents.seriesPanel");
  const recurrence = useTranslations("Recurrence");
  const locale = useLocale();
  const api = useApiMessages();
  const event = useAdminEvent(eventId);
  const seriesId = event.data?.seriesId ?? "";
  const series = useSeries(seriesId);
  const cancel = useChangeEventStatus();
  const publish = usePublishSeries(seriesId);
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  if (!seriesId) return null;
  return (
    <div className={styles.afterForm}>
      <Section id="series-title" title={t("title")} status={status} alert={problem}>
        <QueryStates query={series} loading={t("loading")} failure={t("loadFailed")}>
          {(data) => {
            const self = data.occurrences.find((item) => item.eventId === eventId);
            const upcoming = data.occurrences.filter((item) => item.recurrenceDate).length;
            const drafts = data.occurrences.filter((item) => item.status === "DRAFT").length;
            return (
              <>
                <p>
                  {data.repeat
                    ? t.rich("ruleWithDates", { rule: describeRule(data.repeat as RecurrenceRule, { locale, t: recurrence }), count: upcoming, strong: (chunks) => <strong>{chunks}</strong> })
                    : t.rich("noRule", { strong: (chunks) => <strong>{chunks}</strong> })}
                </p>
                <Meta>{!self?.recurrenceDate ? t("notOnRule") : self.override ? t("editedAlone") : t("followsSeries")}
                </Meta>
                {drafts > 0 || (event.data && event.data.status !== "CANCELLED" && event.data.status !== "DRAFT") ? (
                  <Actions>
                    {drafts > 0 ? (
                      <button
                        type="button"
                        className="button button--primary"
                        aria-disabled={publish.isPending || undefined}
                        onClick={() => {
                          if (publish.isPending) return;
                          setProblem("");
                          publish.mutate(undefined, {
                            onSuccess: (saved) => setStatus(t("published", { count: drafts, title: saved.title })),
                            onError: (error) => setProblem(api.failed(t("publishFailed"), error)),
                          });
                        }}
                      >
                        {publish.isPending ? t("publishing") : t("publish", { count: drafts })}
                      </button>
                    ) : null}
                    {event.data && event.data.status !== "CANCELLED" && event.data.status !== "DRAFT" ? (
                      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
                        {t("cancelDate")}
                      </button>
                    ) : null}
                  </Actions>
                ) : null}
              </>
            );
          }}
        </QueryStates>
        <ConfirmDialog
          open={asking}
          title={t("cancelTitle")}
          confirmLabel={t("cancelDate")}
          busy={cancel.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setProblem("");
            cancel.mutate(
              { eventId, change: "cancel" },
              {
                onSuccess: (updated) => {
                  setStatus(t("cancelled", { title: updated.title, date: updated.startDate }));
                  setAsking(false);
                },
                onError: (error) => {
                  setProblem(api.failed(t("cancelFailed"), error));
                  setAsking(false);
                },
              },
            );
          }}
        >
          <p>{event.data ? t("cancelBody", { title: event.data.title, date: event.data.startDate }) : t("cancelBodyThisDate")}</p>
        </ConfirmDialog>
      </Section>
    </div>
  );
}
