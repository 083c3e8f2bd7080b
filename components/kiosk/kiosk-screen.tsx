"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { kioskListEvents } from "@/lib/check-in/endpoints";
import type { CheckIn, KioskCheckIn, OpenEvent } from "@/lib/check-in/schemas";
import { KioskBrand } from "./kiosk-brand";
import { KioskCheckInFlow } from "./kiosk-check-in";
import { EventHours } from "./event-hours";
import { presentWords, withCheckOuts } from "./kiosk-events";
import { KioskError } from "./kiosk-fetch";
import { KioskLabels } from "./kiosk-labels";
import { KioskPickupFlow } from "./kiosk-pickup";
import { Toggle, useKioskApi } from "./kiosk-parts";
import { KioskSignOut } from "./kiosk-sign-out";

/** Another tablet's check-ins and pickups show here within this long. */
const EVENTS_REFRESH_MS = 30_000;

/**
 * The enrolled kiosk (docs/decisions/0023): "Check in" (the adult proves they are here, chooses children and an
 * open event, and the labels print) and "Pick up" (the parent's pickup tag or an authorized adult's code),
 * under the church's name and mark. Times are written as the church writes them (`locale`, from its country)
 * in each event's own zone. The events and their counts are read again every half-minute, when a mode is
 * chosen, when the tablet wakes, and after each check-in or pickup here (a pickup moves its counts at once).
 */
export function KioskScreen({ csrfToken, churchName, logoPath, locale }: { csrfToken: string; churchName: string; logoPath: string | null; locale: string }) {
  const api = useKioskApi(csrfToken);
  const [mode, setMode] = useState<"in" | "out">("in");
  const [events, setEvents] = useState<OpenEvent[] | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [eventId, setEventId] = useState<string | null>(null);
  const [labels, setLabels] = useState<KioskCheckIn | null>(null);
  // A new flow (its own state) each time the mode is chosen again.
  const [round, setRound] = useState(0);
  const scan = useRef<HTMLInputElement>(null);
  const open = events?.filter((candidate) => candidate.check_in_open) ?? null;
  const event = open?.find((candidate) => candidate.id === eventId) ?? (open?.length === 1 ? open[0]! : null);

  // Each read is numbered: an answer older than the last read started (a slow one, overtaken by the read after
  // a pickup) never puts an old count back on the screen.
  const reads = useRef(0);
  const loadEvents = useCallback(async () => {
    const read = ++reads.current;
    try {
      const answer = await api(kioskListEvents);
      if (read !== reads.current) return;
      setEvents(answer.events);
      setEventsError(null);
      setEventId((current) => (current && answer.events.some((candidate) => candidate.id === current) ? current : null));
    } catch (caught) {
      if (read !== reads.current) return;
      if (caught instanceof KioskError && caught.status === 401) return window.location.reload();
      setEventsError(caught instanceof KioskError ? caught.message : "The events could not be loaded.");
    }
  }, [api]);

  useEffect(() => {
    const first = setTimeout(() => void loadEvents(), 0);
    const timer = setInterval(() => void loadEvents(), EVENTS_REFRESH_MS);
    const woken = () => {
      if (document.visibilityState === "visible") void loadEvents();
    };
    document.addEventListener("visibilitychange", woken);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      document.removeEventListener("visibilitychange", woken);
    };
  }, [loadEvents]);

  function choose(next: "in" | "out") {
    setMode(next);
    setLabels(null);
    setRound((count) => count + 1);
    void loadEvents();
    setTimeout(() => scan.current?.focus(), 0);
  }

  /** Children just picked up here: their events count them out at once, then the list is read again. */
  function pickedUp(checkedOut: readonly CheckIn[]) {
    setEvents((current) => (current ? withCheckOuts(current, checkedOut) : current));
    void loadEvents();
  }

  const stillHere = events?.filter((candidate) => candidate.checked_in > 0 || !candidate.check_in_open) ?? [];

  return (
    <>
      <div className="kiosk__screen">
        <header className="kiosk__top">
          <KioskBrand churchName={churchName} logoPath={logoPath} />
          <h1>{mode === "in" ? "Check in" : "Pick up"}</h1>
          <nav aria-label="Kiosk mode" className="kiosk__modes">
            <button type="button" className="kiosk__tab" aria-pressed={mode === "in"} onClick={() => choose("in")}>
              Check in
            </button>
            <button type="button" className="kiosk__tab" aria-pressed={mode === "out"} onClick={() => choose("out")}>
              Pick up
            </button>
          </nav>
        </header>

        {eventsError ? (
          <p className="kiosk__alert" role="alert">
            {eventsError}
          </p>
        ) : null}

        {mode === "in" ? (
          <section aria-labelledby="kiosk-events" className="kiosk__panel">
            <h2 id="kiosk-events">Event</h2>
            {open === null ? (
              <p>Loading the events…</p>
            ) : open.length === 0 ? (
              <p>No event is open for check-in now. Check-in opens 60 minutes before an event starts.</p>
            ) : (
              <div className="kiosk__choices" role="group" aria-label="Events open for check-in">
                {open.map((candidate) => (
                  <Toggle
                    key={candidate.id}
                    pressed={candidate.id === event?.id}
                    onToggle={() => setEventId(candidate.id)}
                    title={candidate.title}
                    meta={
                      <>
                        <EventHours locale={locale} event={candidate} /> · <span className="kiosk__count">{presentWords(candidate)}</span>
                      </>
                    }
                  />
                ))}
              </div>
            )}
          </section>
        ) : (
          <section aria-labelledby="kiosk-still-here" className="kiosk__panel">
            <h2 id="kiosk-still-here">Still here today</h2>
            {events === null ? (
              <p>Loading the events…</p>
            ) : stillHere.length === 0 ? (
              <p>No child is checked in to an event today.</p>
            ) : (
              <ul className="kiosk__still-here" aria-label="Events with people still checked in">
                {stillHere.map((candidate) => (
                  <li key={candidate.id}>
                    <strong>{candidate.title}</strong> <EventHours locale={locale} event={candidate} /> ·{" "}
                    <span className="kiosk__count">{candidate.check_in_open ? presentWords(candidate) : `ended, ${candidate.checked_in} still here`}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {mode === "in" ? (
          <KioskCheckInFlow
            key={`in-${round}`}
            api={api}
            event={event}
            scanRef={scan}
            onCheckedIn={(printable) => {
              setLabels(printable);
              if (printable) void loadEvents();
            }}
          />
        ) : (
          <KioskPickupFlow key={`out-${round}`} api={api} scanRef={scan} onCheckedOut={pickedUp} />
        )}

        <footer className="kiosk__bottom">
          <KioskSignOut csrfToken={csrfToken} />
        </footer>
      </div>
      {labels ? <KioskLabels checkIns={labels.check_ins} pickupTag={labels.pickup_tag} locale={locale} events={events ?? []} /> : null}
    </>
  );
}
