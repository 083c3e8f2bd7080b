"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { kioskListEvents } from "@/lib/check-in/endpoints";
import type { KioskCheckIn, OpenEvent } from "@/lib/check-in/schemas";
import { KIOSK_SIGN_OUT_PATH } from "@/lib/portal-api/kiosk-paths";
import { KioskCheckInFlow } from "./kiosk-check-in";
import { KioskError, kioskFetch } from "./kiosk-fetch";
import { KioskLabels } from "./kiosk-labels";
import { KioskPickupFlow } from "./kiosk-pickup";
import { Toggle, time, useKioskApi } from "./kiosk-parts";

const EVENTS_REFRESH_MS = 60_000;

/**
 * The enrolled kiosk (docs/decisions/0023): "Check in" (the adult proves they are here, chooses children and an
 * open event, and the labels print) and "Pick up" (the parent's pickup tag or an authorized adult's code). The
 * events are read again every minute.
 */
export function KioskScreen({ csrfToken }: { csrfToken: string }) {
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

  const loadEvents = useCallback(async () => {
    try {
      const answer = await api(kioskListEvents);
      setEvents(answer.events);
      setEventsError(null);
      setEventId((current) => (current && answer.events.some((candidate) => candidate.id === current) ? current : null));
    } catch (caught) {
      if (caught instanceof KioskError && caught.status === 401) return window.location.reload();
      setEventsError(caught instanceof KioskError ? caught.message : "The events could not be loaded.");
    }
  }, [api]);

  useEffect(() => {
    const first = setTimeout(() => void loadEvents(), 0);
    const timer = setInterval(() => void loadEvents(), EVENTS_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [loadEvents]);

  function choose(next: "in" | "out") {
    setMode(next);
    setLabels(null);
    setRound((count) => count + 1);
    setTimeout(() => scan.current?.focus(), 0);
  }

  async function signOut() {
    // A volunteer's phone is needed to set it up again: not something a passing child should do.
    if (!window.confirm("Sign this kiosk out? A check-in volunteer will have to set it up again from their phone.")) return;
    await kioskFetch(z.object({}).passthrough(), KIOSK_SIGN_OUT_PATH, csrfToken, {}).catch(() => null);
    window.location.reload();
  }

  const stillHere = events?.filter((candidate) => candidate.checked_in > 0 || !candidate.check_in_open) ?? [];

  return (
    <>
      <div className="kiosk__screen">
        <header className="kiosk__top">
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
                  <Toggle key={candidate.id} pressed={candidate.id === event?.id} onToggle={() => setEventId(candidate.id)}>
                    <span className="kiosk__choice-title">{candidate.title}</span>
                    <span className="kiosk__choice-meta">
                      {time(candidate.start_at)}–{time(candidate.end_at)}
                      {candidate.capacity === null ? "" : ` · ${candidate.checked_in} of ${candidate.capacity}`}
                    </span>
                  </Toggle>
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
                    <strong>{candidate.title}</strong> {time(candidate.start_at)}–{time(candidate.end_at)}
                    {candidate.check_in_open ? ` · ${candidate.checked_in} checked in` : ` · ended, ${candidate.checked_in} still here`}
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
          <KioskPickupFlow key={`out-${round}`} api={api} scanRef={scan} onCheckedOut={() => void loadEvents()} />
        )}

        <footer className="kiosk__bottom">
          <button type="button" className="kiosk__link" onClick={signOut}>
            Sign this kiosk out
          </button>
        </footer>
      </div>
      {labels ? <KioskLabels checkIns={labels.check_ins} pickupTag={labels.pickup_tag} /> : null}
    </>
  );
}
