"use client";

import Link from "next/link";
import { useState } from "react";
import { Actions, Card, CardList, CardNote, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import type { SelfCheckInEvent } from "@/lib/check-in/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { useMyFamily } from "../family/family-queries";
import { useMemberCode, useMyCheckIns, useSelfCheckIn, useSelfCheckInEvents } from "./check-in-queries";
import { MemberQr } from "./member-qr";
import styles from "./check-in.module.css";

const TIME = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
const timeRange = (event: SelfCheckInEvent) => `${TIME.format(new Date(event.start_at))} – ${TIME.format(new Date(event.end_at))}`;

/**
 * The member's code: a QR a kiosk scans, renewed every minute so a photo of it soon stops working. It finds
 * the member's household; someone without one is told it finds them (and children in their care), and where to add it.
 */
export function MemberCodeSection() {
  const code = useMemberCode();
  const family = useMyFamily();
  const alone = family.data === null;
  return (
    <Section
      id="check-in-code-title"
      title="Your check-in code"
      description={
        alone ? (
          <>
            Show this at a check-in kiosk. It finds you and any children in your care. <Link href="/account/family">Add your household</Link> to check your
            family in together.
          </>
        ) : (
          "Show this at a check-in kiosk. It scans your code and finds your household."
        )
      }
    >
      <QueryStates query={code} what="your check-in code">
        {(issued) => (
          <div className={styles.codeCard}>
            <MemberQr code={issued.code} label="Your check-in QR code" />
            <p className={styles.codeNote}>
              <strong>This code changes every minute</strong> and stops working a few minutes later, so a screenshot or a photo of it is soon useless. Keep
              this page open at the kiosk.
            </p>
            <p className={styles.when}>
              Valid until <LocalDateTime iso={issued.expires_at} />
            </p>
          </div>
        )}
      </QueryStates>
    </Section>
  );
}

/** Events the member may check themselves in to now, each with its own "Check in". */
export function SelfCheckInSection() {
  const events = useSelfCheckInEvents();
  const [announcement, setAnnouncement] = useState("");
  return (
    <Section
      id="self-check-in-title"
      title="Check yourself in"
      description="Events that take check-in from your phone, from an hour before they start until they end."
      status={announcement}
    >
      <QueryStates query={events} what="the events open for check-in" empty={({ events: open }) => (open.length === 0 ? "No event is open for check-in from your phone right now." : null)}>
        {({ events: open }) => (
          <CardList>
            {open.map((event) => (
              <li key={event.id}>
                <EventCard event={event} onCheckedIn={() => setAnnouncement(`You are checked in to ${event.title}.`)} />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
    </Section>
  );
}

function EventCard({ event, onCheckedIn }: { event: SelfCheckInEvent; onCheckedIn: () => void }) {
  const checkIn = useSelfCheckIn();
  const [note, setNote] = useState("");
  const left = event.capacity === null ? null : Math.max(0, event.capacity - event.checked_in);

  function submit() {
    if (checkIn.isPending) return;
    setNote("");
    checkIn.mutate(event.id, {
      onSuccess: onCheckedIn,
      onError: (error) => setNote(waitMessage(error) ?? (error instanceof PortalApiError && error.code === "conflict" ? asSentence(error.message) : failedMessage("check you in", error))),
    });
  }

  return (
    <Card
      titleId={`event-${event.id}`}
      title={
        <>
          {event.title}
          {event.checked_in_by_me ? <span className="badge">Checked in</span> : null}
        </>
      }
    >
      <Meta>
        {timeRange(event)}
        {event.location_name ? ` · ${event.location_name}` : ""}
        {left === null ? "" : ` · ${left === 0 ? "full" : `${left} ${left === 1 ? "place" : "places"} left`}`}
      </Meta>
      {event.checked_in_by_me ? null : (
        <Actions>
          <button type="button" className="button button--primary" onClick={submit} aria-describedby={`event-${event.id}`} disabled={checkIn.isPending}>
            {checkIn.isPending ? "Checking in…" : "Check in"}
          </button>
        </Actions>
      )}
      <CardNote message={note} />
    </Card>
  );
}

/** The member's own attendance, newest first. */
export function MyAttendanceSection() {
  const checkIns = useMyCheckIns();
  return (
    <Section id="attendance-title" title="Your recent attendance">
      <QueryStates query={checkIns} what="your attendance" empty={({ check_ins }) => (check_ins.length === 0 ? "You have not been checked in to anything yet." : null)}>
        {({ check_ins }) => (
          <RowList label="Your check-ins">
            {check_ins.slice(0, 20).map((row) => (
              <Row key={row.id} spread>
                <div>
                  <strong>{row.event_title}</strong>
                  <Meta>
                    Checked in <LocalDateTime iso={row.checked_in_at} />
                    {row.method === "self" ? " from your phone" : row.method === "kiosk" ? " at a kiosk" : " by church staff"}
                  </Meta>
                </div>
                <Meta>{row.checked_out_at ? <>Left <LocalDateTime iso={row.checked_out_at} /></> : "Present"}</Meta>
              </Row>
            ))}
          </RowList>
        )}
      </QueryStates>
    </Section>
  );
}
