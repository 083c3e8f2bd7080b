"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, Meta, QueryStates, Section } from "@/components/ui/section";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import type { Registration } from "@/lib/registrations/schemas";
import type { IssuedScheduleFeed, MatchedAudience } from "@/lib/schedule/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../account/api-messages";
import { LocalDate, LocalDateTime } from "../account/local-time";
import { useOneTimeSecret } from "../account/use-one-time-secret";
import { AddToCalendar } from "./add-to-calendar";
import { EventBadges } from "./event-badges";
import { EventDateShort } from "./event-date";
import styles from "./my-schedule.module.css";
import { useIssueScheduleFeed, useRevokeScheduleFeed, useSchedule, useScheduleFeed, useShowScheduleFeed } from "./schedule-queries";

/**
 * "My schedule" (docs/decisions/0025): what the household signed up for, the upcoming events for its
 * audiences, and the private feed that puts both in a calendar app. `origin` is this site's, for the links.
 * Words: "Calendar.schedule", and the cards' "Calendar.labels", "Calendar.dates" and "Calendar.addToCalendar".
 */
export function MySchedule({ origin }: { origin: string }) {
  const t = useTranslations("Calendar.schedule");
  const schedule = useSchedule();
  return (
    <>
      <Section id="signed-up-title" title={t("signedUp")}>
        <QueryStates query={schedule} what={t("signUpsWhat")} empty={({ registered }) => (registered.length === 0 ? <NothingSignedUp /> : null)}>
          {({ registered }) => (
            <CardList>
              {registered.map(({ event, registrations }) => (
                <ScheduleCard key={event.eventId} event={event} origin={origin}>
                  <ul role="list" className={styles.people} aria-label={t("who")}>
                    {registrations.map((registration) => (
                      <li key={registration.id}>{whoLine(t, registration)}</li>
                    ))}
                  </ul>
                </ScheduleCard>
              ))}
            </CardList>
          )}
        </QueryStates>
      </Section>

      <ScheduleFeedSection />

      <Section id="for-you-title" title={t("forHousehold")} description={schedule.data ? <AudienceLine audiences={schedule.data.audiences} /> : undefined}>
        <QueryStates query={schedule} what={t("householdEventsWhat")} empty={({ suggested }) => (suggested.length === 0 ? t("noneForHousehold") : null)}>
          {({ suggested }) => (
            <CardList>
              {suggested.map(({ event, audiences }) => (
                <ScheduleCard key={event.eventId} event={event} origin={origin}>
                  <p className={styles.why}>{t("forAudiences", { audiences: audiences.map((audience) => t(`audiences.${audience}`)).join(", ") })}</p>
                </ScheduleCard>
              ))}
            </CardList>
          )}
        </QueryStates>
      </Section>
    </>
  );
}

function NothingSignedUp() {
  const t = useTranslations("Calendar.schedule");
  return <p className="muted">{t.rich("nothingSignedUp", { link: (chunks) => <Link href="/calendar">{chunks}</Link> })}</p>;
}

/** "Chloe: on the waitlist, number 1" */
function whoLine(t: (key: "onWaitlist" | "hasPlace", values: { name: string; position?: string }) => string, registration: Registration): string {
  return registration.status === "waitlisted"
    ? t("onWaitlist", { name: registration.given_name, position: String(registration.waitlist_position ?? "?") })
    : t("hasPlace", { name: registration.given_name });
}

/** "The next two weeks' events for families (Chloe, Theo); children (Chloe); youth (Theo), …" */
function AudienceLine({ audiences }: { audiences: MatchedAudience[] }) {
  const t = useTranslations("Calendar.schedule");
  if (audiences.length === 0) return <>{t("noAudiences")}</>;
  const parts = audiences.map(({ audience, given_names }) => `${t(`audiences.${audience}`)} (${given_names.join(", ")})`);
  return <>{t("audienceLine", { audiences: parts.join("; ") })}</>;
}

function ScheduleCard({ event, origin, children }: { event: CalendarEvent; origin: string; children: ReactNode }) {
  const t = useTranslations("Calendar.schedule");
  const cancelled = event.status === "CANCELLED";
  return (
    <Card as="li" title={<Link href={event.url}>{event.title}</Link>}>
      <Meta>
        <EventDateShort event={event} />
        {event.location ? ` · ${event.location.name}` : ""}
      </Meta>
      {event.status === "CANCELLED" || event.status === "POSTPONED" ? <EventBadges event={event} /> : null}
      {children}
      {cancelled ? null : (
        <div className={styles.add}>
          <span className={styles.addLabel} aria-hidden="true">
            {t("addToCalendar")}
          </span>
          <AddToCalendar event={event} origin={origin} />
        </div>
      )}
    </Card>
  );
}

/**
 * The private feed: its address is answered once, when it is made, so the section shows it until "Done"
 * (with copy and open-in-app); afterwards only whether there is one and when an app last fetched it.
 * Replacing and revoking are confirmed: the old address stops working at once.
 */
function ScheduleFeedSection() {
  const t = useTranslations("Calendar.schedule");
  const api = useApiMessages();
  const status = useScheduleFeed();
  const show = useShowScheduleFeed();
  const [shown, setShown] = useState<IssuedScheduleFeed | null>(null);
  const [showFailure, setShowFailure] = useState("");
  const { issue, revoke, replacement, revocation, heading, issued, announcement, failure, make, confirmRevoke, done } = useOneTimeSecret(useIssueScheduleFeed(), useRevokeScheduleFeed(), {
    made: t("feedMade"),
    replaced: t("feedReplaced"),
    revoked: t("feedRevoked"),
    alreadyRevoked: t("feedAlreadyRevoked"),
    makeFailed: t("makeFailed"),
    revokeFailed: t("revokeFailed"),
  });

  return (
    <Section
      id="feed-title"
      title={t("feedTitle")}
      headingRef={heading}
      description={t("feedDescription")}
      status={announcement}
      alert={failure || showFailure}
    >
      {issued || shown ? (
        <FeedAddress
          feed={(issued ?? shown)!}
          focusOnOpen={issued === null}
          onDone={() => {
            setShown(null);
            done();
            // A calendar app may have read it meanwhile: the status says so.
            void status.refetch();
          }}
        />
      ) : (
        <QueryStates query={status} what={t("feedWhat")}>
          {({ feed }) =>
            feed ? (
              <Card title={t("yourFeed")} headingLevel={3}>
                <Meta>
                  {feed.last_used_at
                    ? t.rich("madeRead", { made: () => <LocalDate iso={feed.created_at} />, read: () => <LocalDateTime iso={feed.last_used_at!} /> })
                    : t.rich("madeNotRead", { made: () => <LocalDate iso={feed.created_at} /> })}
                </Meta>
                <p>{t("showAgainText")}</p>
                <Actions>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={show.isPending}
                    onClick={() => {
                      setShowFailure("");
                      show.mutate(undefined, {
                        onSuccess: setShown,
                        onError: (error) =>
                          setShowFailure(
                            error instanceof PortalApiError && error.code === "conflict" ? t("showConflict") : api.failed(t("showFailed"), error),
                          ),
                      });
                    }}
                  >
                    {show.isPending ? t("showing") : t("showAddress")}
                  </button>
                  <button type="button" className="button" onClick={() => replacement.ask()} disabled={issue.isPending}>
                    {t("replaceAddress")}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => revocation.ask()} disabled={revoke.isPending}>
                    {t("revoke")}
                  </button>
                </Actions>
              </Card>
            ) : (
              <>
                <p className="muted">{t("noFeed")}</p>
                <Actions>
                  <button type="button" className="button button--primary" onClick={() => make(false)} disabled={issue.isPending}>
                    {issue.isPending ? t("making") : t("makeAddress")}
                  </button>
                </Actions>
              </>
            )
          }
        </QueryStates>
      )}
      <ConfirmDialog {...replacement.dialog} title={t("replaceTitle")} confirmLabel={t("replace")} busy={issue.isPending} onConfirm={() => make(true)}>
        <p>{t("replaceText")}</p>
      </ConfirmDialog>
      <ConfirmDialog {...revocation.dialog} title={t("revokeTitle")} confirmLabel={t("revoke")} busy={revoke.isPending} onConfirm={confirmRevoke}>
        <p>{t("revokeText")}</p>
      </ConfirmDialog>
    </Section>
  );
}

/** The address with copy, open and "Done"; `focusOnOpen` when it replaced the button that asked for it. */
function FeedAddress({ feed, focusOnOpen = false, onDone }: { feed: IssuedScheduleFeed; focusOnOpen?: boolean; onDone: () => void }) {
  const t = useTranslations("Calendar.schedule");
  const [copied, setCopied] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopied(t("copied"));
    } catch {
      setCopied(t("copyFailed"));
    }
  }
  return (
    <div className={styles.address}>
      <label htmlFor="feed-url" className={styles.label}>
        {t("feedAddress")}
      </label>
      <input ref={field} id="feed-url" className={styles.url} type="text" readOnly value={feed.url} onFocus={(focus) => focus.currentTarget.select()} />
      <p className={styles.once}>
        {t.rich("keepSecret", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <Actions>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t("copyAddress")}
        </button>
        <a className="button" href={feed.webcal_url}>
          {t("openInApp")}
        </a>
        <button type="button" className="button" onClick={onDone}>
          {t("done")}
        </button>
      </Actions>
      <p role="status" className={styles.copied}>
        {copied}
      </p>
    </div>
  );
}
