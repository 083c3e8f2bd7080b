"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Actions, Card, CardList, CardNote, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import type { SelfCheckInEvent } from "@/lib/check-in/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { useMyFamily } from "../family/family-queries";
import { useMemberCode, useMyCheckIns, useSelfCheckIn, useSelfCheckInEvents } from "./check-in-queries";
import { MemberQr } from "./member-qr";
import styles from "./check-in.module.css";

/** "9:00 AM – 10:30 AM", in the browser's time zone, as the page's language writes times. */
function timeRange(event: SelfCheckInEvent, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" });
  return `${time.format(new Date(event.start_at))} – ${time.format(new Date(event.end_at))}`;
}

/**
 * The member's code: a QR a kiosk scans, renewed every minute so a photo of it soon stops working. It finds
 * the member's household; someone without one is told it finds them (and children in their care), and where to add it.
 */
export function MemberCodeSection() {
  const t = useTranslations("AccountCheckIn");
  const code = useMemberCode();
  const family = useMyFamily();
  const alone = family.data === null;
  return (
    <Section
      id="check-in-code-title"
      title={t("code.title")}
      description={
        alone ? t.rich("code.descriptionAlone", { family: (chunks) => <Link href="/account/family">{chunks}</Link> }) : t("code.description")
      }
    >
      <QueryStates query={code} loading={t("code.loading")} failure={t("code.loadFailed")}>
        {(issued) => (
          <div className={styles.codeCard}>
            <MemberQr code={issued.code} label={t("code.qrLabel")} />
            <p className={styles.codeNote}>{t.rich("code.note", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
            <p className={styles.when}>{t.rich("code.validUntil", { time: () => <LocalDateTime iso={issued.expires_at} /> })}</p>
          </div>
        )}
      </QueryStates>
    </Section>
  );
}

/** Events the member may check themselves in to now, each with its own "Check in". */
export function SelfCheckInSection() {
  const t = useTranslations("AccountCheckIn");
  const events = useSelfCheckInEvents();
  const [announcement, setAnnouncement] = useState("");
  return (
    <Section
      id="self-check-in-title"
      title={t("self.title")}
      description={t("self.description")}
      status={announcement}
    >
      <QueryStates
        query={events}
        loading={t("self.loading")}
        failure={t("self.loadFailed")}
        empty={({ events: open }) => (open.length === 0 ? t("self.empty") : null)}
      >
        {({ events: open }) => (
          <CardList>
            {open.map((event) => (
              <li key={event.id}>
                <EventCard event={event} onCheckedIn={() => setAnnouncement(t("self.checkedIn", { event: event.title }))} />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
    </Section>
  );
}

function EventCard({ event, onCheckedIn }: { event: SelfCheckInEvent; onCheckedIn: () => void }) {
  const t = useTranslations("AccountCheckIn");
  const locale = useLocale();
  const api = useApiMessages();
  const checkIn = useSelfCheckIn();
  const [note, setNote] = useState("");
  const left = event.capacity === null ? null : Math.max(0, event.capacity - event.checked_in);

  function submit() {
    if (checkIn.isPending) return;
    setNote("");
    checkIn.mutate(event.id, {
      onSuccess: onCheckedIn,
      onError: (error) => setNote(api.wait(error) ?? (error instanceof PortalApiError && error.code === "conflict" ? api.reason(error) : api.failed(t("self.checkInFailed"), error))),
    });
  }

  return (
    <Card
      titleId={`event-${event.id}`}
      title={
        <>
          {event.title}
          {event.checked_in_by_me ? <span className="badge">{t("self.checkedInBadge")}</span> : null}
        </>
      }
    >
      <Meta>
        {timeRange(event, locale)}
        {event.location_name ? ` · ${event.location_name}` : ""}
        {left === null ? "" : ` · ${left === 0 ? t("self.full") : t("self.placesLeft", { count: left })}`}
      </Meta>
      {event.checked_in_by_me ? null : (
        <Actions>
          <button type="button" className="button button--primary" onClick={submit} aria-describedby={`event-${event.id}`} disabled={checkIn.isPending}>
            {checkIn.isPending ? t("self.checkingIn") : t("self.checkIn")}
          </button>
        </Actions>
      )}
      <CardNote message={note} />
    </Card>
  );
}

/** The member's own attendance, newest first. */
export function MyAttendanceSection() {
  const t = useTranslations("AccountCheckIn");
  const checkIns = useMyCheckIns();
  return (
    <Section id="attendance-title" title={t("attendance.title")}>
      <QueryStates
        query={checkIns}
        loading={t("attendance.loading")}
        failure={t("attendance.loadFailed")}
        empty={({ check_ins }) => (check_ins.length === 0 ? t("attendance.empty") : null)}
      >
        {({ check_ins }) => (
          <RowList label={t("attendance.listLabel")}>
            {check_ins.slice(0, 20).map((row) => (
              <Row key={row.id} spread>
                <div>
                  <strong>{row.event_title}</strong>
                  <Meta>{t.rich("attendance.checkedIn", { method: row.method, time: () => <LocalDateTime iso={row.checked_in_at} /> })}</Meta>
                </div>
                <Meta>{row.checked_out_at ? t.rich("attendance.left", { time: () => <LocalDateTime iso={row.checked_out_at!} /> }) : t("attendance.present")}</Meta>
              </Row>
            ))}
          </RowList>
        )}
      </QueryStates>
    </Section>
  );
}
