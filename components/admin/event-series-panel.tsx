"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Actions, Meta, QueryStates, Section } from "@/components/ui/section";
import { failedMessage } from "../account/api-messages";
import { useAdminEvent, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { usePublishSeries, useSeries } from "./series-queries";

/**
 * Staff: on an occurrence's page, its series (docs/decisions/0026): the rule in words, whether this date
 * follows the series or was edited on its own, and "Cancel this date" (the event's own cancel: it stays in
 * the feed, marked cancelled, and calendar apps see it cancelled).
 */
export function EventSeriesPanel({ eventId }: { eventId: string }) {
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
      <Section id="series-title" title="Series" status={status} alert={problem}>
        <QueryStates query={series} what="the series">
          {(data) => {
            const self = data.occurrences.find((item) => item.eventId === eventId);
            const upcoming = data.occurrences.filter((item) => item.recurrenceDate).length;
            const drafts = data.occurrences.filter((item) => item.status === "DRAFT").length;
            return (
              <>
                <p>
                  <strong>{data.summary ?? "A group of events without a rule"}</strong>
                  {data.repeat ? ` · ${upcoming} ${upcoming === 1 ? "date" : "dates"} on the rule` : null}
                </p>
                <Meta>
                  {!self?.recurrenceDate
                    ? "This event is not one of the rule’s dates: it changes only on its own."
                    : self.override
                      ? "This date was edited on its own: saving for every date leaves it as it is."
                      : "This date follows the series: saving for every date changes it too."}
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
                            onSuccess: (saved) => setStatus(`Published ${drafts} ${drafts === 1 ? "date" : "dates"} of “${saved.title}”: the calendar shows them now.`),
                            onError: (error) => setProblem(failedMessage("publish the series", error)),
                          });
                        }}
                      >
                        {publish.isPending ? "Publishing…" : `Publish ${drafts === 1 ? "the draft date" : `all ${drafts} draft dates`}`}
                      </button>
                    ) : null}
                    {event.data && event.data.status !== "CANCELLED" && event.data.status !== "DRAFT" ? (
                      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
                        Cancel this date
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
          title="Cancel this date?"
          confirmLabel="Cancel this date"
          busy={cancel.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setProblem("");
            cancel.mutate(
              { eventId, change: "cancel" },
              {
                onSuccess: (updated) => {
                  setStatus(`${updated.title} on ${updated.startDate} is cancelled. The other dates of the series are unchanged.`);
                  setAsking(false);
                },
                onError: (error) => {
                  setProblem(failedMessage("cancel this date", error));
                  setAsking(false);
                },
              },
            );
          }}
        >
          <p>{event.data ? `${event.data.title} on ${event.data.startDate}` : "This date"} stays on the calendar marked cancelled, so people see it. The other dates of the series are unchanged.</p>
        </ConfirmDialog>
      </Section>
    </div>
  );
}
