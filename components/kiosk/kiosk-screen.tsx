"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { kioskListEvents } from "@/lib/check-in/endpoints";
import type { CheckIn, KioskCheckIn, OpenEvent } from "@/lib/check-in/schemas";
import { LOCALES, LOCALE_NAMES, type AppLocale } from "@/lib/kernel/locales";
import { KioskBrand } from "./kiosk-brand";
import { KioskCheckInFlow } from "./kiosk-check-in";
import { EventHours } from "./event-hours";
import { presentWords, withCheckOuts } from "./kiosk-events";
import { KioskError } from "./kiosk-fetch";
import { KioskLabels } from "./kiosk-labels";
import { KioskPickupFlow } from "./kiosk-pickup";
import { Toggle, refusalText, useKioskApi } from "./kiosk-parts";
import { KioskSignOut } from "./kiosk-sign-out";
import { kioskTranslator, type KioskScreenMessages } from "./kiosk-words";

// i18n-namespace: Kiosk

/** Another tablet's check-ins and pickups show here within this long. */
const EVENTS_REFRESH_MS = 30_000;

/** A visit in another language than the kiosk's ends when nobody has touched the tablet for this long. */
const VISIT_IDLE_MS = 120_000;

/**
 * The enrolled kiosk (docs/decisions/0023): "Check in" (the adult proves they are here, chooses children and an
 * open event, and the labels print) and "Pick up" (the parent's pickup tag or an authorized adult's code),
 * under the church's name and mark. Times are written as the church writes them (`formatLocales`, the visit's
 * language with the church's country's clock) in each event's own zone. The events and their counts are read
 * again every half-minute, when a mode is chosen, when the tablet wakes, and after each check-in or pickup here
 * (a pickup moves its counts at once).
 *
 * Its language is the visit's (issue 41): many families share the tablet, so each may choose among the buttons
 * at its top, each language by its own name. A visit starts in the kiosk's language (`locale`, the page's,
 * negotiated like every page's) and goes back to it when a completed check-in's screen is left (Done, or a mode
 * chosen) and when nobody has touched the tablet for two minutes. The words of every language (`words`) and the
 * locales to write times in (`formatLocales`) come from the page; the labels print in the visit's language.
 */
export function KioskScreen({
  csrfToken,
  churchName,
  logoPath,
  locale,
  words,
  formatLocales,
}: {
  csrfToken: string;
  churchName: string;
  logoPath: string | null;
  /** The kiosk's language: each visit's first, and the one it goes back to. */
  locale: AppLocale;
  words: Record<AppLocale, KioskScreenMessages>;
  formatLocales: Record<AppLocale, string>;
}) {
  const [visitLocale, setVisitLocale] = useState<AppLocale>(locale);
  const t = useMemo(() => kioskTranslator(visitLocale, words[visitLocale]), [visitLocale, words]);
  const timeLocale = formatLocales[visitLocale];
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
      setEventsError(caught instanceof KioskError ? refusalText(caught, t, visitLocale) : t("screen.eventsNotLoaded"));
    }
  }, [api, t, visitLocale]);

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

  // A visit in another language ends by itself once the tablet has been left alone: any touch, key or scan
  // starts the wait again.
  useEffect(() => {
    if (visitLocale === locale) return;
    let timer = setTimeout(() => setVisitLocale(locale), VISIT_IDLE_MS);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVisitLocale(locale), VISIT_IDLE_MS);
    };
    const kinds = ["pointerdown", "keydown", "input"] as const;
    for (const kind of kinds) document.addEventListener(kind, touched, true);
    return () => {
      clearTimeout(timer);
      for (const kind of kinds) document.removeEventListener(kind, touched, true);
    };
  }, [visitLocale, locale]);

  /** The family whose check-in is done has left its screen: the next visit starts in the kiosk's language. */
  function visitDone() {
    if (labels) setVisitLocale(locale);
  }

  function chooseLanguage(next: AppLocale) {
    setVisitLocale(next);
    setTimeout(() => scan.current?.focus(), 0);
  }

  function choose(next: "in" | "out") {
    visitDone();
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
      <div className="kiosk__screen" lang={visitLocale}>
        <header className="kiosk__top">
          <KioskBrand churchName={churchName} logoPath={logoPath} />
          <h1>{mode === "in" ? t("screen.checkInTitle") : t("screen.pickUpTitle")}</h1>
          <nav aria-label={t("screen.modes")} className="kiosk__modes">
            <button type="button" className="kiosk__tab" aria-pressed={mode === "in"} onClick={() => choose("in")}>
              {t("screen.checkInTab")}
            </button>
            <button type="button" className="kiosk__tab" aria-pressed={mode === "out"} onClick={() => choose("out")}>
              {t("screen.pickUpTab")}
            </button>
          </nav>
          <div className="kiosk__languages" role="group" aria-label={t("screen.language")}>
            {LOCALES.map((option) => (
              <button key={option} type="button" className="kiosk__language" lang={option} aria-pressed={option === visitLocale} onClick={() => chooseLanguage(option)}>
                {LOCALE_NAMES[option]}
              </button>
            ))}
          </div>
        </header>

        {eventsError ? (
          <p className="kiosk__alert" role="alert">
            {eventsError}
          </p>
        ) : null}

        {mode === "in" ? (
          <section aria-labelledby="kiosk-events" className="kiosk__panel">
            <h2 id="kiosk-events">{t("screen.event")}</h2>
            {open === null ? (
              <p>{t("screen.loadingEvents")}</p>
            ) : open.length === 0 ? (
              <p>{t("screen.noEventOpen")}</p>
            ) : (
              <div className="kiosk__choices" role="group" aria-label={t("screen.eventsOpen")}>
                {open.map((candidate) => (
                  <Toggle
                    key={candidate.id}
                    pressed={candidate.id === event?.id}
                    onToggle={() => setEventId(candidate.id)}
                    title={candidate.title}
                    meta={
                      <>
                        <EventHours locale={timeLocale} event={candidate} /> · <span className="kiosk__count">{presentWords(t, candidate)}</span>
                      </>
                    }
                  />
                ))}
              </div>
            )}
          </section>
        ) : (
          <section aria-labelledby="kiosk-still-here" className="kiosk__panel">
            <h2 id="kiosk-still-here">{t("screen.stillHereToday")}</h2>
            {events === null ? (
              <p>{t("screen.loadingEvents")}</p>
            ) : stillHere.length === 0 ? (
              <p>{t("screen.noChildHere")}</p>
            ) : (
              <ul className="kiosk__still-here" aria-label={t("screen.stillHereList")}>
                {stillHere.map((candidate) => (
                  <li key={candidate.id}>
                    <strong>{candidate.title}</strong> <EventHours locale={timeLocale} event={candidate} /> ·{" "}
                    <span className="kiosk__count">{candidate.check_in_open ? presentWords(t, candidate) : t("screen.endedStillHere", { count: candidate.checked_in })}</span>
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
            t={t}
            language={visitLocale}
            event={event}
            scanRef={scan}
            onCheckedIn={(printable) => {
              if (!printable) visitDone();
              setLabels(printable);
              if (printable) void loadEvents();
            }}
          />
        ) : (
          <KioskPickupFlow key={`out-${round}`} api={api} t={t} language={visitLocale} scanRef={scan} onCheckedOut={pickedUp} />
        )}

        <footer className="kiosk__bottom">
          <KioskSignOut csrfToken={csrfToken} t={t} language={visitLocale} />
        </footer>
      </div>
      {labels ? <KioskLabels checkIns={labels.check_ins} pickupTag={labels.pickup_tag} t={t} language={visitLocale} locale={timeLocale} events={events ?? []} /> : null}
    </>
  );
}
