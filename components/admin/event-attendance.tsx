"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Actions, Card, CardList, CardNote, Meta, Panel, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { Attendance } from "@/lib/check-in/schemas";
import type { RegistrationSummary } from "@/lib/registrations/schemas";
import { hereNowLabel, placesWords } from "../calendar/count-words";
import { useApiMessages } from "../account/api-messages";
import { LocalDateTime } from "../account/local-time";
import { useAdminEvent } from "./admin-queries";
import { ATTENDANCE_REFRESH_MS, downloadAttendance, useAttendance, useChangeCheckIn, useMemberSearch, useStaffCheckIn, type AttendanceChange } from "./attendance-queries";
import { useEventRegistrations } from "./registration-queries";
import { StaffSearch } from "./staff-search";
import styles from "./attendance.module.css";

// i18n-uses: AdminAttendance.people.in
// i18n-uses: AdminAttendance.people.inAndOut

type Row = Attendance["check_ins"][number];

/** The times of day this page writes, in the page's language (the browser's own zone, as before). */
function useClocks() {
  const locale = useLocale();
  return useMemo(
    () => ({
      time: new Intl.DateTimeFormat(locale, { timeStyle: "medium" }),
      clock: new Intl.DateTimeFormat(locale, { timeStyle: "short" }),
      setUp: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    }),
    [locale],
  );
}

/** The "AdminAttendance.changes" message group of each change. */
const CHANGE_KEYS: Record<AttendanceChange, "checkOut" | "undo"> = { "check-out": "checkOut", undo: "undo" };

/**
 * Staff › an event's attendance (docs/decisions/0023): who is here now against the capacity and, when the
 * event takes sign-up, its places (each count in the words every page uses, docs/decisions/0024), everyone
 * checked in with the children still in marked, check-out and undo (each confirmed), a check-in by hand where
 * the event takes MANUAL, and the CSV of the event or a date range. Read again every 10 seconds.
 */
export function EventAttendance({ eventId, canWrite }: { eventId: string; canWrite: boolean }) {
  const t = useTranslations("AdminAttendance");
  const clocks = useClocks();
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
        title={attendance.data ? attendance.data.title : t("title")}
        description={
          attendance.dataUpdatedAt
            ? t("refreshedAt", { seconds: ATTENDANCE_REFRESH_MS / 1000, time: clocks.time.format(new Date(attendance.dataUpdatedAt)) })
            : t("refreshes", { seconds: ATTENDANCE_REFRESH_MS / 1000 })
        }
        status={announcement}
      >
        <QueryStates query={attendance} loading={t("loading")} failure={t("loadFailed")}>
          {(data) => <Counts data={data} signUps={signUps} />}
        </QueryStates>
      </Section>
      <Section id="kiosk-alerts-title" title={t("alerts.title")} description={t("alerts.description")}>
        <QueryStates query={attendance} loading={t("alerts.loading")} failure={t("alerts.loadFailed")}>
          {(data) => <KioskAlerts alerts={data.kiosk_alerts} />}
        </QueryStates>
      </Section>
      {canWrite && manual ? <ManualCheckIn eventId={eventId} onDone={setAnnouncement} /> : null}
      <Section id="present-title" title={t("people.title")}>
        <QueryStates query={attendance} loading={t("people.loading")} failure={t("people.loadFailed")}>
          {(data) => <People eventId={eventId} data={data} canWrite={canWrite} busy={attendance.isFetching} onDone={setAnnouncement} />}
        </QueryStates>
      </Section>
      <Downloads eventId={eventId} />
    </>
  );
}

function Counts({ data, signUps }: { data: Attendance; signUps: RegistrationSummary | null }) {
  const t = useTranslations("AdminAttendance");
  const counts = useTranslations("Calendar.counts");
  return (
    <ul className={styles.counts} aria-label={t("counts.label")}>
      <li className={styles.count}>
        <span className={styles.countValue}>{data.present}</span> <span className={styles.countLabel}>{hereNowLabel(counts, data.present, data.capacity)}</span>
      </li>
      {signUps ? (
        <li className={styles.count}>
          <span className={styles.countValue}>{signUps.registered}</span> <span className={styles.countLabel}>{t("counts.signedUp", { places: placesWords(counts, signUps) })}</span>
        </li>
      ) : null}
      <li className={`${styles.count} ${data.children_present > 0 ? styles.childIn : ""}`}>
        <span className={styles.countValue}>{data.children_present}</span>{" "}
        <span className={styles.countLabel}>{t("counts.children", { count: data.children_present })}</span>
      </li>
      <li className={styles.count}>
        <span className={styles.countValue}>{data.checked_in}</span>{" "}
        <span className={styles.countLabel}>{t("counts.checkedIn")}</span>
      </li>
    </ul>
  );
}

type Alert = Attendance["kiosk_alerts"][number];

function KioskAlerts({ alerts }: { alerts: Alert[] }) {
  const t = useTranslations("AdminAttendance");
  const clocks = useClocks();
  if (alerts.length === 0) return <p className="muted">{t("alerts.none")}</p>;
  /** What happened, in a church office's words: the "alerts.kinds" messages, naming the child when the kiosk knew them. */
  const alertWords = (alert: Alert) => t(`alerts.kinds.${alert.kind}`, { named: alert.child_given_name ? "yes" : "no", child: alert.child_given_name ?? "" });
  const kioskWords = (alert: Alert) => {
    const { set_up_at: at, set_up_by: by } = alert.tablet;
    if (!at) return t("alerts.kiosk", { kiosk: alert.kiosk_name });
    const setUp = clocks.setUp.format(new Date(at));
    return by ? t("alerts.kioskSetUpBy", { kiosk: alert.kiosk_name, at: setUp, by }) : t("alerts.kioskSetUp", { kiosk: alert.kiosk_name, at: setUp });
  };
  return (
    <ul className={styles.alerts} aria-label={t("alerts.title")}>
      {alerts.map((alert) => (
        <li key={alert.id} className={styles.alert}>
          <strong>{t.rich("alerts.line", { clock: clocks.clock.format(new Date(alert.at)), what: alertWords(alert), time: (chunks) => <time dateTime={alert.at}>{chunks}</time> })}</strong>{" "}
          <span className="muted">{kioskWords(alert)}</span>
        </li>
      ))}
    </ul>
  );
}

function People({ eventId, data, canWrite, busy, onDone }: { eventId: string; data: Attendance; canWrite: boolean; busy: boolean; onDone: (message: string) => void }) {
  const t = useTranslations("AdminAttendance");
  const api = useApiMessages();
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
        onSuccess: () => onDone(t(`changes.${CHANGE_KEYS[verb]}.done`, { name: `${row.given_name} ${row.family_name}` })),
        onError: (error) => setProblem(api.failed(t(`changes.${CHANGE_KEYS[verb]}.failed`), error)),
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
        <p>{t("people.none")}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <h3 ref={heading} tabIndex={-1} className="visually-hidden">
        {t("people.count", { count: rows.length })}
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
                    {row.security_code ? <span className={childIn ? "badge badge--postponed" : "badge badge--muted"}>{childIn ? t("people.childIn", { code: row.security_code }) : t("people.child")}</span> : null}
                    {row.checked_out_at ? <span className="badge badge--muted">{t("people.gone")}</span> : null}
                  </>
                }
              >
                <Meta>
                  {t.rich(row.checked_out_at ? "people.inAndOut" : "people.in", {
                    method: row.method,
                    checkedIn: () => <LocalDateTime iso={row.checked_in_at} />,
                    checkedOut: () => (row.checked_out_at ? <LocalDateTime iso={row.checked_out_at} /> : null),
                  })}
                </Meta>
                {canWrite ? (
                  <Actions>
                    {row.checked_out_at ? null : (
                      <button type="button" className="button" aria-describedby={`check-in-${row.id}`} onClick={() => setPending({ row, change: "check-out" })}>
                        {t("changes.checkOut.button")}
                      </button>
                    )}
                    <button type="button" className="button button--danger-outline" aria-describedby={`check-in-${row.id}`} onClick={() => setPending({ row, change: "undo" })}>
                      {t("changes.undo.button")}
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
        title={pending ? t(`changes.${CHANGE_KEYS[pending.change]}.title`) : ""}
        confirmLabel={pending ? t(`changes.${CHANGE_KEYS[pending.change]}.button`) : t("confirm")}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            {t.rich(`changes.${CHANGE_KEYS[pending.change]}.body`, {
              name: `${pending.row.given_name} ${pending.row.family_name}`,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function ManualCheckIn({ eventId, onDone }: { eventId: string; onDone: (message: string) => void }) {
  const t = useTranslations("AdminAttendance");
  const api = useApiMessages();
  const [q, setQ] = useState("");
  const found = useMemberSearch(q);
  const checkIn = useStaffCheckIn(eventId);
  const [notes, setNotes] = useState<Record<string, string>>({});

  function add(person: { id: string; given_name: string; family_name: string }) {
    if (checkIn.isPending) return;
    setNotes((all) => ({ ...all, [person.id]: "" }));
    checkIn.mutate(person.id, {
      onSuccess: (made) => {
        const name = `${person.given_name} ${person.family_name}`;
        const message = made.security_code ? t("manual.checkedInWithCode", { name, code: made.security_code }) : t("manual.checkedIn", { name });
        setNotes((all) => ({ ...all, [person.id]: message }));
        onDone(message);
      },
      onError: (error) => setNotes((all) => ({ ...all, [person.id]: api.reason(error) })),
    });
  }

  return (
    <Section id="manual-title" title={t("manual.title")} description={t("manual.description")}>
      <StaffSearch name={t("manual.searchName")} label={t("manual.searchLabel")} onSearch={setQ} />
      {q ? (
        <QueryStates query={found} loading={t("manual.loading")} failure={t("manual.loadFailed")}>
          {(page) =>
            page.items.length === 0 ? (
              <p className="muted">{t("manual.noMatch", { q })}</p>
            ) : (
              <CardList busy={found.isFetching}>
                {page.items.map((person) => (
                  <Card key={person.id} as="li" headingLevel={3} title={`${person.given_name} ${person.family_name}`}>
                    {person.email ? <Meta>{person.email}</Meta> : null}
                    <Actions>
                      <button type="button" className="button button--primary" onClick={() => add(person)} aria-label={t("manual.checkInLabel", { name: `${person.given_name} ${person.family_name}` })} disabled={checkIn.isPending}>
                        {t("manual.checkIn")}
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
  const t = useTranslations("AdminAttendance");
  const api = useApiMessages();
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
      setProblem(api.failed(t("downloads.failed"), error instanceof Error ? error : new Error(String(error))));
    } finally {
      setBusy(false);
    }
  }

  function submitRange(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || from > to) {
      setProblem(t("downloads.chooseRange"));
      return;
    }
    void save({ from, to });
  }

  return (
    <Section id="downloads-title" title={t("downloads.title")} description={t("downloads.description")} alert={problem}>
      <Actions>
        <button type="button" className="button" onClick={() => void save({ event_id: eventId })} disabled={busy}>
          {t("downloads.event")}
        </button>
      </Actions>
      <Panel title={t("downloads.rangeTitle")}>
        <form className={styles.dates} onSubmit={submitRange} aria-label={t("downloads.rangeLabel")}>
          <TextField label={t("downloads.from")} type="date" name="from" value={from} required onChange={(event) => setFrom(event.target.value)} />
          <TextField label={t("downloads.to")} type="date" name="to" value={to} required onChange={(event) => setTo(event.target.value)} />
          <button type="submit" className="button" disabled={busy}>
            {t("downloads.range")}
          </button>
        </form>
      </Panel>
    </Section>
  );
}
