"use client";

import { useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Actions, Card, CardList, CardNote, Meta, Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { Attendance } from "@/lib/check-in/schemas";
import type { RegistrationSummary } from "@/lib/registrations/schemas";
import { hereNowLabel, placesWords } from "../calendar/count-words";
import { asSentence, failedMessage } from "../account/api-messages";
import { LocalDateTime } from "../account/local-time";
import { useAdminEvent } from "./admin-queries";
import { ATTENDANCE_REFRESH_MS, downloadAttendance, useAttendance, useChangeCheckIn, useMemberSearch, useStaffCheckIn, type AttendanceChange } from "./attendance-queries";
import { useEventRegistrations } from "./registration-queries";
import { StaffSearch } from "./staff-search";
import styles from "./attendance.module.css";

type Row = Attendance["check_ins"][number];
const TIME = new Intl.DateTimeFormat("en-US", { timeStyle: "medium" });
const CHANGE_WORDS: Record<AttendanceChange, { button: string; title: string; body: string }> = {
  "check-out": { button: "Check out", title: "Check out?", body: "is marked as gone home now. For a child, do this only once you have seen who collects them." },
  undo: { button: "Undo check-in", title: "Undo this check-in?", body: "counts as never checked in: use it for a mistake, not for someone leaving." },
};

/**
 * Staff › an event's attendance (docs/decisions/0023): who is here now against the capacity and, when the
 * event takes sign-up, its places (each count in the words every page uses, docs/decisions/0024), everyone
 * checked in with the children still in marked, check-out and undo (each confirmed), a check-in by hand where
 * the event takes MANUAL, and the CSV of the event or a date range. Read again every 10 seconds.
 */
export function EventAttendance({ eventId, canWrite }: { eventId: string; canWrite: boolean }) {
  const attendance = useAttendance(eventId);
  const event = useAdminEvent(eventId);
  const registrations = useEventRegistrations(eventId);
  // The places are the event page's count (sign-ups), shown beside who came when the event takes sign-up.
  const signUps = registrations.data && (registrations.data.settings.open || registrations.data.summary.registered > 0) ? registrations.data.summary : null;
  const [announcement, setAnnouncement] = useState("");
  const manual = event.data?.attendanceModes.includes("MANUAL") ?? false;

  return (
    <>
      <Section
        id="attendance-title"
        title={attendance.data ? attendance.data.title : "Attendance"}
        description={`Updates on its own every ${ATTENDANCE_REFRESH_MS / 1000} seconds.${attendance.dataUpdatedAt ? ` Last read at ${TIME.format(new Date(attendance.dataUpdatedAt))}.` : ""}`}
        status={announcement}
      >
        <QueryStates query={attendance} what="the attendance">
          {(data) => <Counts data={data} signUps={signUps} />}
        </QueryStates>
      </Section>
      <Section id="kiosk-alerts-title" title="Kiosk alerts" description="What the campus’s kiosks refused on this event’s day, newest first: a stranger trying codes shows here as it happens.">
        <QueryStates query={attendance} what="the kiosk alerts">
          {(data) => <KioskAlerts alerts={data.kiosk_alerts} />}
        </QueryStates>
      </Section>
      {canWrite && manual ? <ManualCheckIn eventId={eventId} onDone={setAnnouncement} /> : null}
      <Section id="present-title" title="Checked in">
        <QueryStates query={attendance} what="who is checked in">
          {(data) => <People eventId={eventId} data={data} canWrite={canWrite} busy={attendance.isFetching} onDone={setAnnouncement} />}
        </QueryStates>
      </Section>
      <Downloads eventId={eventId} />
    </>
  );
}

function Counts({ data, signUps }: { data: Attendance; signUps: RegistrationSummary | null }) {
  return (
    <ul className={styles.counts} aria-label="Counts">
      <li className={styles.count}>
        <span className={styles.countValue}>{data.present}</span> <span className={styles.countLabel}>{hereNowLabel(data.present, data.capacity)}</span>
      </li>
      {signUps ? (
        <li className={styles.count}>
          <span className={styles.countValue}>{signUps.registered}</span> <span className={styles.countLabel}>signed up · {placesWords(signUps)}</span>
        </li>
      ) : null}
      <li className={`${styles.count} ${data.children_present > 0 ? styles.childIn : ""}`}>
        <span className={styles.countValue}>{data.children_present}</span>{" "}
        <span className={styles.countLabel}>{data.children_present === 1 ? "child still checked in" : "children still checked in"}</span>
      </li>
      <li className={styles.count}>
        <span className={styles.countValue}>{data.checked_in}</span>{" "}
        <span className={styles.countLabel}>checked in today, including those gone</span>
      </li>
    </ul>
  );
}

type Alert = Attendance["kiosk_alerts"][number];
const CLOCK = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
const SET_UP = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** What happened, in a church office's words. */
function alertWords(alert: Alert): string {
  const child = alert.child_given_name ?? "a child";
  switch (alert.kind) {
    case "unknown_pickup_tag":
      return "A pickup tag that was not printed here was scanned";
    case "invalid_member_code":
      return "A member code or card that is not valid (old, already used or cancelled) was scanned";
    case "wrong_phone_code":
      return "A wrong code was typed after a phone search";
    case "not_authorized":
      return `An adult marked NOT authorized for ${child} tried to check ${child} in or collect them`;
    case "already_checked_in":
      return `Someone tried to check in ${child}, who was already checked in`;
  }
}

function KioskAlerts({ alerts }: { alerts: Alert[] }) {
  if (alerts.length === 0) return <p className="muted">No alerts from the kiosks today.</p>;
  return (
    <ul className={styles.alerts} aria-label="Kiosk alerts">
      {alerts.map((alert) => (
        <li key={alert.id} className={styles.alert}>
          <strong>
            <time dateTime={alert.at}>{CLOCK.format(new Date(alert.at))}</time> · {alertWords(alert)}.
          </strong>{" "}
          <span className="muted">
            {alert.kiosk_name}
            {alert.tablet.set_up_at ? `, the tablet set up ${SET_UP.format(new Date(alert.tablet.set_up_at))}${alert.tablet.set_up_by ? ` by ${alert.tablet.set_up_by}` : ""}` : ""}.
          </span>
        </li>
      ))}
    </ul>
  );
}

function People({ eventId, data, canWrite, busy, onDone }: { eventId: string; data: Attendance; canWrite: boolean; busy: boolean; onDone: (message: string) => void }) {
  const change = useChangeCheckIn(eventId);
  const [pending, setPending] = useState<{ row: Row; change: AttendanceChange } | null>(null);
  const [problem, setProblem] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = data.check_ins.filter((row) => !row.undone);
  // Children still in first (they must be handed over), then everyone else present, then those gone.
  const rank = (row: Row) => (row.checked_out_at ? 2 : row.security_code ? 0 : 1);
  const sorted = [...rows].sort((a, b) => rank(a) - rank(b));

  function confirm() {
    if (!pending || change.isPending) return;
    const { row, change: verb } = pending;
    setProblem("");
    change.mutate(
      { checkInId: row.id, change: verb },
      {
        onSuccess: () => onDone(verb === "undo" ? `${row.given_name} ${row.family_name}’s check-in was undone.` : `${row.given_name} ${row.family_name} is checked out.`),
        onError: (error) => setProblem(failedMessage(verb === "undo" ? "undo the check-in" : "check them out", error)),
        onSettled: () => {
          setPending(null);
          heading.current?.focus();
        },
      },
    );
  }

  if (rows.length === 0) {
    return (
      <EmptyState>
        <p>Nobody is checked in yet.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <h3 ref={heading} tabIndex={-1} className="visually-hidden">
        {rows.length} {rows.length === 1 ? "person" : "people"}
      </h3>
      {problem ? <CardNote message={problem} /> : null}
      <CardList busy={busy}>
        {sorted.map((row) => {
          const childIn = row.security_code !== null && !row.checked_out_at;
          return (
            <li key={row.id} className={childIn ? styles.childRow : undefined}>
              <Card
                titleId={`check-in-${row.id}`}
                title={
                  <>
                    {row.given_name} {row.family_name}
                    {row.security_code ? <span className={childIn ? "badge badge--postponed" : "badge badge--muted"}>{childIn ? `Child in · ${row.security_code}` : "Child"}</span> : null}
                    {row.checked_out_at ? <span className="badge badge--muted">Gone</span> : null}
                  </>
                }
              >
                <Meta>
                  In <LocalDateTime iso={row.checked_in_at} /> ({row.method === "self" ? "own phone" : row.method})
                  {row.checked_out_at ? (
                    <>
                      {" "}
                      · out <LocalDateTime iso={row.checked_out_at} />
                    </>
                  ) : null}
                </Meta>
                {canWrite ? (
                  <Actions>
                    {row.checked_out_at ? null : (
                      <button type="button" className="button" aria-describedby={`check-in-${row.id}`} onClick={() => setPending({ row, change: "check-out" })}>
                        Check out
                      </button>
                    )}
                    <button type="button" className="button button--danger-outline" aria-describedby={`check-in-${row.id}`} onClick={() => setPending({ row, change: "undo" })}>
                      Undo check-in
                    </button>
                  </Actions>
                ) : null}
              </Card>
            </li>
          );
        })}
      </CardList>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? CHANGE_WORDS[pending.change].title : ""}
        confirmLabel={pending ? CHANGE_WORDS[pending.change].button : "Confirm"}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            <strong>
              {pending.row.given_name} {pending.row.family_name}
            </strong>{" "}
            {CHANGE_WORDS[pending.change].body}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function ManualCheckIn({ eventId, onDone }: { eventId: string; onDone: (message: string) => void }) {
  const [q, setQ] = useState("");
  const found = useMemberSearch(q);
  const checkIn = useStaffCheckIn(eventId);
  const [notes, setNotes] = useState<Record<string, string>>({});

  function add(person: { id: string; given_name: string; family_name: string }) {
    if (checkIn.isPending) return;
    setNotes((all) => ({ ...all, [person.id]: "" }));
    checkIn.mutate(person.id, {
      onSuccess: (made) => {
        const message = `${person.given_name} ${person.family_name} is checked in${made.security_code ? `; their pickup code is ${made.security_code}` : ""}.`;
        setNotes((all) => ({ ...all, [person.id]: message }));
        onDone(message);
      },
      onError: (error) => setNotes((all) => ({ ...all, [person.id]: asSentence(error.message) })),
    });
  }

  return (
    <Section id="manual-title" title="Check someone in by hand" description="For someone without their code. Search by name, email address or phone number.">
      <StaffSearch name="Members to check in" label="Find a member" onSearch={setQ} />
      {q ? (
        <QueryStates query={found} what="the members">
          {(page) =>
            page.items.length === 0 ? (
              <p className="muted">No member matches “{q}”.</p>
            ) : (
              <CardList busy={found.isFetching}>
                {page.items.map((person) => (
                  <Card key={person.id} as="li" headingLevel={3} title={`${person.given_name} ${person.family_name}`}>
                    {person.email ? <Meta>{person.email}</Meta> : null}
                    <Actions>
                      <button type="button" className="button button--primary" onClick={() => add(person)} aria-label={`Check in ${person.given_name} ${person.family_name}`} disabled={checkIn.isPending}>
                        Check in
                      </button>
                    </Actions>
                    <CardNote message={notes[person.id] ?? ""} />
                  </Card>
                ))}
              </CardList>
            )
          }
        </QueryStates>
      ) : null}
    </Section>
  );
}

function Downloads({ eventId }: { eventId: string }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);

  async function save(query: { event_id: string } | { from: string; to: string }) {
    if (busy) return;
    setBusy(true);
    setProblem("");
    try {
      await downloadAttendance(query);
    } catch (error) {
      setProblem(failedMessage("download the attendance", error instanceof Error ? error : new Error(String(error))));
    } finally {
      setBusy(false);
    }
  }

  function submitRange(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || from > to) {
      setProblem("Choose a start date on or before the end date.");
      return;
    }
    void save({ from, to });
  }

  return (
    <Section id="downloads-title" title="Download attendance" description="A CSV file for a spreadsheet: who came, when, and how." alert={problem}>
      <Actions>
        <button type="button" className="button" onClick={() => void save({ event_id: eventId })} disabled={busy}>
          Download this event (CSV)
        </button>
      </Actions>
      <Panel title="Every event between two dates">
        <form className={styles.dates} onSubmit={submitRange} aria-label="Attendance between two dates">
          <TextField label="From" type="date" name="from" value={from} required onChange={(event) => setFrom(event.target.value)} />
          <TextField label="To" type="date" name="to" value={to} required onChange={(event) => setTo(event.target.value)} />
          <button type="submit" className="button" disabled={busy}>
            Download range (CSV)
          </button>
        </form>
      </Panel>
    </Section>
  );
}
