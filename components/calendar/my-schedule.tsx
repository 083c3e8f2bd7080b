"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, Meta, QueryStates, Section } from "@/components/ui/section";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import type { Registration } from "@/lib/registrations/schemas";
import type { IssuedScheduleFeed, MatchedAudience } from "@/lib/schedule/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../account/api-messages";
import { LocalDate, LocalDateTime } from "../account/local-time";
import { useOneTimeSecret } from "../account/use-one-time-secret";
import { AddToCalendar } from "./add-to-calendar";
import { EventBadges } from "./event-badges";
import { EventDateShort } from "./event-date";
import { audienceLabel } from "./labels";
import styles from "./my-schedule.module.css";
import { useIssueScheduleFeed, useRevokeScheduleFeed, useSchedule, useScheduleFeed, useShowScheduleFeed } from "./schedule-queries";

/**
 * "My schedule" (docs/decisions/0025): what the household signed up for, the upcoming events for its
 * audiences, and the private feed that puts both in a calendar app. `origin` is this site's, for the links.
 */
export function MySchedule({ origin }: { origin: string }) {
  const schedule = useSchedule();
  return (
    <>
      <Section id="signed-up-title" title="Signed up">
        <QueryStates query={schedule} what="your sign-ups" empty={({ registered }) => (registered.length === 0 ? <NothingSignedUp /> : null)}>
          {({ registered }) => (
            <CardList>
              {registered.map(({ event, registrations }) => (
                <ScheduleCard key={event.eventId} event={event} origin={origin}>
                  <ul role="list" className={styles.people} aria-label="Who">
                    {registrations.map((registration) => (
                      <li key={registration.id}>{whoLine(registration)}</li>
                    ))}
                  </ul>
                </ScheduleCard>
              ))}
            </CardList>
          )}
        </QueryStates>
      </Section>

      <ScheduleFeedSection />

      <Section id="for-you-title" title="For your household" description={schedule.data ? <AudienceLine audiences={schedule.data.audiences} /> : undefined}>
        <QueryStates query={schedule} what="events for your household" empty={({ suggested }) => (suggested.length === 0 ? "No events for your household in the next two weeks." : null)}>
          {({ suggested }) => (
            <CardList>
              {suggested.map(({ event, audiences }) => (
                <ScheduleCard key={event.eventId} event={event} origin={origin}>
                  <p className={styles.why}>For {audiences.map(audienceLabel).join(", ").toLowerCase()}</p>
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
  return (
    <p className="muted">
      Nobody in your household is signed up for an upcoming event. <Link href="/calendar">Find an event</Link> and sign up on its page.
    </p>
  );
}

/** "Chloe: on the waitlist, number 1" */
function whoLine(registration: Registration): string {
  return registration.status === "waitlisted" ? `${registration.given_name}: on the waitlist, number ${registration.waitlist_position ?? "?"}` : `${registration.given_name}: has a place`;
}

/** "The next two weeks' events for families (Chloe, Theo); children (Chloe); youth (Theo), …" */
function AudienceLine({ audiences }: { audiences: MatchedAudience[] }) {
  if (audiences.length === 0) return <>Events for families, children and youth show here when your household has children.</>;
  const parts = audiences.map(({ audience, given_names }) => `${audience} (${given_names.join(", ")})`);
  return <>The next two weeks’ events for {parts.join("; ")}, by the birth dates we hold, that nobody in your household is signed up for yet.</>;
}

function ScheduleCard({ event, origin, children }: { event: CalendarEvent; origin: string; children: ReactNode }) {
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
            Add to calendar:
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
  const status = useScheduleFeed();
  const show = useShowScheduleFeed();
  const [shown, setShown] = useState<IssuedScheduleFeed | null>(null);
  const [showFailure, setShowFailure] = useState("");
  const { issue, revoke, replacement, revocation, heading, issued, announcement, failure, make, confirmRevoke, done } = useOneTimeSecret(useIssueScheduleFeed(), useRevokeScheduleFeed(), {
    made: "Your feed address is ready.",
    replaced: "Your new feed address is ready. The old address no longer works.",
    revoked: "Your feed is revoked. Calendar apps can no longer read it.",
    alreadyRevoked: "That feed had already been revoked.",
    makeWhat: "make your feed address",
    revokeWhat: "revoke your feed",
  });

  return (
    <Section
      id="feed-title"
      title="Subscribe in your calendar app"
      headingRef={heading}
      description="A private address of this schedule for your phone’s or computer’s calendar, which keeps it up to date. Anyone with the address can read it: keep it to yourself, and revoke it if it gets out."
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
        <QueryStates query={status} what="your calendar feed">
          {({ feed }) =>
            feed ? (
              <Card title="Your calendar feed" headingLevel={3}>
                <Meta>
                  Made <LocalDate iso={feed.created_at} /> · {feed.last_used_at ? <>last read by a calendar app <LocalDateTime iso={feed.last_used_at} /></> : "not read by a calendar app yet"}
                </Meta>
                <p>To add it to another device’s calendar app, show the address again. Keep it to yourself: anyone with it can read your schedule.</p>
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
                            error instanceof PortalApiError && error.code === "conflict"
                              ? "This address was made before it could be shown again. Replace it to get one you can see."
                              : failedMessage("show your feed address", error),
                          ),
                      });
                    }}
                  >
                    {show.isPending ? "Showing…" : "Show address"}
                  </button>
                  <button type="button" className="button" onClick={() => replacement.ask()} disabled={issue.isPending}>
                    Replace address
                  </button>
                  <button type="button" className="button button--danger" onClick={() => revocation.ask()} disabled={revoke.isPending}>
                    Revoke
                  </button>
                </Actions>
              </Card>
            ) : (
              <>
                <p className="muted">You have no calendar feed.</p>
                <Actions>
                  <button type="button" className="button button--primary" onClick={() => make(false)} disabled={issue.isPending}>
                    {issue.isPending ? "Making your address…" : "Make a feed address"}
                  </button>
                </Actions>
              </>
            )
          }
        </QueryStates>
      )}
      <ConfirmDialog {...replacement.dialog} title="Replace your feed address?" confirmLabel="Replace" busy={issue.isPending} onConfirm={() => make(true)}>
        <p>Calendar apps subscribed to the old address stop getting updates at once. You will get a new address to subscribe to.</p>
      </ConfirmDialog>
      <ConfirmDialog {...revocation.dialog} title="Revoke your calendar feed?" confirmLabel="Revoke" busy={revoke.isPending} onConfirm={confirmRevoke}>
        <p>Calendar apps subscribed to it stop getting updates at once. You can make a new address at any time.</p>
      </ConfirmDialog>
    </Section>
  );
}

/** The address with copy, open and "Done"; `focusOnOpen` when it replaced the button that asked for it. */
function FeedAddress({ feed, focusOnOpen = false, onDone }: { feed: IssuedScheduleFeed; focusOnOpen?: boolean; onDone: () => void }) {
  const [copied, setCopied] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopied("Address copied.");
    } catch {
      setCopied("Copying did not work here: select the address and copy it.");
    }
  }
  return (
    <div className={styles.address}>
      <label htmlFor="feed-url" className={styles.label}>
        Your feed address
      </label>
      <input ref={field} id="feed-url" className={styles.url} type="text" readOnly value={feed.url} onFocus={(focus) => focus.currentTarget.select()} />
      <p className={styles.once}>
        <strong>Keep this address to yourself.</strong> Copy it into your calendar app (Google Calendar: “Other calendars”, “From URL”), or open it on this device. You can show it again here later.
      </p>
      <Actions>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy address
        </button>
        <a className="button" href={feed.webcal_url}>
          Open in calendar app
        </a>
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </Actions>
      <p role="status" className={styles.copied}>
        {copied}
      </p>
    </div>
  );
}
