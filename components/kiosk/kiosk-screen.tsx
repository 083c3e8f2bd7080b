"use client";

import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { CheckInSchema, HouseholdSchema, OpenEventSchema, type CheckIn, type Household, type OpenEvent } from "@/lib/check-in/schemas";
import { KIOSK_API_PREFIX, KIOSK_SIGN_OUT_PATH } from "@/lib/portal-api/kiosk-paths";
import { KioskError, kioskFetch } from "./kiosk-fetch";
import { KioskLabels } from "./kiosk-labels";

const eventsSchema = z.object({ events: z.array(OpenEventSchema) }).or(z.array(OpenEventSchema));
const householdsSchema = z.object({ households: z.array(HouseholdSchema) });
const checkInsSchema = z.object({ check_ins: z.array(CheckInSchema) });
const EVENTS_REFRESH_MS = 60_000;
/** A member code is a signed token, far longer than any pickup code (4 characters). */
const PICKUP_CODE_MAX = 12;

function eventsOf(answer: z.infer<typeof eventsSchema>): OpenEvent[] {
  return Array.isArray(answer) ? answer : answer.events;
}

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

function Toggle({ pressed, onToggle, children }: { pressed: boolean; onToggle: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className="kiosk__choice" aria-pressed={pressed} onClick={onToggle}>
      {children}
    </button>
  );
}

/** The enrolled kiosk: check-in (scan or phone digits → household → children and event → codes and labels) and pickup. */
export function KioskScreen({ csrfToken }: { csrfToken: string }) {
  const [mode, setMode] = useState<"in" | "out">("in");
  const [events, setEvents] = useState<OpenEvent[] | null>(null);
  const [eventId, setEventId] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [household, setHousehold] = useState<Household | null>(null);
  const [candidates, setCandidates] = useState<Household[]>([]);
  const [scannedCode, setScannedCode] = useState<string | null>(null);
  const [adultId, setAdultId] = useState<string | null>(null);
  const [children, setChildren] = useState<string[]>([]);
  const [checkIns, setCheckIns] = useState<CheckIn[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Checking in lists the open events; picking up also lists today's ended ones with children still here.
  const shown = events?.filter((candidate) => mode === "out" || candidate.check_in_open) ?? null;
  const event = shown?.find((candidate) => candidate.id === eventId) ?? (shown?.length === 1 ? shown[0]! : null);
  const scan = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLHeadingElement>(null);
  // Moving focus to the answer's heading after it has rendered, for keyboard and screen-reader users.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) result.current?.focus();
  }, [focusRequest]);

  const api = useCallback(<S extends z.ZodType>(schema: S, name: string, body?: unknown) => kioskFetch(schema, `${KIOSK_API_PREFIX}/${name}`, csrfToken, body), [csrfToken]);

  const loadEvents = useCallback(async () => {
    try {
      const open = eventsOf(await api(eventsSchema, "events"));
      setEvents(open);
      setEventId((current) => (current && open.some((event) => event.id === current) ? current : null));
    } catch (caught) {
      if (caught instanceof KioskError && caught.status === 401) return window.location.reload();
      setError(caught instanceof KioskError ? caught.message : "The events could not be loaded.");
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

  function reset(next: "in" | "out" = mode) {
    setMode(next);
    setQuery("");
    setHousehold(null);
    setCandidates([]);
    setScannedCode(null);
    setAdultId(null);
    setChildren([]);
    setCheckIns(null);
    setError(null);
    setNotice(null);
    setTimeout(() => scan.current?.focus(), 0);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof KioskError && caught.status === 401) return window.location.reload();
      setError(caught instanceof KioskError ? caught.message : "Something went wrong. Try again.");
    } finally {
      setBusy(false);
    }
  }

  function find(submit: FormEvent) {
    submit.preventDefault();
    const typed = query.trim();
    if (!typed) return setError("Scan a member code or type the last 4 digits of a phone number.");
    if (mode === "out" && typed.length <= PICKUP_CODE_MAX) {
      if (!event) return setError("Choose the event the child is picked up from.");
      return void run(async () => {
        const done = await api(CheckInSchema, "check-outs", { event_id: event.id, security_code: typed.toUpperCase() });
        setQuery("");
        setNotice(`${done.given_name} is checked out. Hand ${done.given_name} over.`);
      });
    }
    void run(async () => {
      const phone = /^\d{4}$/.test(typed);
      const { households } = await api(householdsSchema, "households", phone ? { phone_last_four: typed } : { member_code: typed });
      setScannedCode(phone ? null : typed);
      setQuery("");
      if (households.length === 0) return setError("No household was found. Try again or ask a volunteer.");
      setCandidates(households.length > 1 ? households : []);
      choose(households.length === 1 ? households[0]! : null);
      setFocusRequest((count) => count + 1);
    });
  }

  function choose(found: Household | null) {
    setHousehold(found);
    if (found) setFocusRequest((count) => count + 1);
    const scanned = found?.members.find((member) => member.id === found.scanned_id && member.role === "adult");
    setAdultId(scanned?.id ?? null);
    setChildren([]);
  }

  function checkIn() {
    if (!adultId) return setError("Choose who is dropping off.");
    if (children.length === 0) return setError("Choose at least one child.");
    if (!event) return setError("Choose an event.");
    void run(async () => {
      const answer = await api(checkInsSchema, "check-ins", { guardian_id: adultId, children: children.map((child_id) => ({ child_id, event_id: event.id })) });
      setCheckIns(answer.check_ins);
      void loadEvents();
      setFocusRequest((count) => count + 1);
    });
  }

  function checkOutBy(childId: string) {
    if (!scannedCode) return;
    void run(async () => {
      const done = await api(CheckInSchema, "check-outs", { child_id: childId, member_code: scannedCode });
      setNotice(`${done.given_name} is checked out. Hand ${done.given_name} over.`);
    });
  }

  async function signOut() {
    // A volunteer's phone is needed to set it up again: not something a passing child should do.
    if (!window.confirm("Sign this kiosk out? A check-in volunteer will have to set it up again from their phone.")) return;
    await kioskFetch(z.object({}).passthrough(), KIOSK_SIGN_OUT_PATH, csrfToken, {}).catch(() => null);
    window.location.reload();
  }

  const adults = household?.members.filter((member) => member.role === "adult") ?? [];
  const kids = household?.members.filter((member) => member.role === "child") ?? [];

  return (
    <>
      <div className="kiosk__screen">
        <header className="kiosk__top">
          <h1>{mode === "in" ? "Check in" : "Pick up"}</h1>
          <nav aria-label="Kiosk mode" className="kiosk__modes">
            <button type="button" className="kiosk__tab" aria-pressed={mode === "in"} onClick={() => reset("in")}>
              Check in
            </button>
            <button type="button" className="kiosk__tab" aria-pressed={mode === "out"} onClick={() => reset("out")}>
              Pick up
            </button>
          </nav>
        </header>

        <section aria-labelledby="kiosk-events" className="kiosk__panel">
          <h2 id="kiosk-events">Event</h2>
          {shown === null ? (
            <p>Loading the events…</p>
          ) : shown.length === 0 ? (
            <p>{mode === "in" ? "No event is open for check-in now. Check-in opens 60 minutes before an event starts." : "No child is checked in to an event today."}</p>
          ) : (
            <div className="kiosk__choices" role="group" aria-label={mode === "in" ? "Events open for check-in" : "Events to pick up from"}>
              {shown.map((open) => (
                <Toggle key={open.id} pressed={open.id === event?.id} onToggle={() => setEventId(open.id)}>
                  <span className="kiosk__choice-title">{open.title}</span>
                  <span className="kiosk__choice-meta">
                    {time(open.start_at)}–{time(open.end_at)}
                    {!open.check_in_open ? ` · ended, ${open.checked_in} still here` : open.capacity === null ? "" : ` · ${open.checked_in} of ${open.capacity}`}
                  </span>
                </Toggle>
              ))}
            </div>
          )}
        </section>

        <form className="kiosk__panel kiosk__scan" onSubmit={find} noValidate>
          <label htmlFor="kiosk-scan">{mode === "in" ? "Scan your member code, or type the last 4 digits of your phone" : "Type the pickup tag’s code, or scan an authorized adult’s member code"}</label>
          <div className="kiosk__scan-row">
            <input
              id="kiosk-scan"
              ref={scan}
              className="kiosk__input"
              value={query}
              onChange={(change) => setQuery(change.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              maxLength={2000}
            />
            <button type="submit" className="kiosk__button kiosk__button--primary" disabled={busy}>
              {mode === "in" ? "Find" : "Check out"}
            </button>
          </div>
        </form>

        <div aria-live="polite">
          {error ? (
            <p className="kiosk__alert" role="alert">
              {error}
            </p>
          ) : null}
          {notice ? (
            <p className="kiosk__notice" role="status">
              {notice}
            </p>
          ) : null}
        </div>

        {candidates.length > 1 && !household ? (
          <section aria-labelledby="kiosk-households" className="kiosk__panel">
            <h2 id="kiosk-households" ref={result} tabIndex={-1}>
              Which household is yours?
            </h2>
            <div className="kiosk__choices" role="group" aria-label="Households">
              {candidates.map((candidate, index) => (
                <button key={candidate.family_id ?? index} type="button" className="kiosk__choice" onClick={() => choose(candidate)}>
                  {candidate.members.map((member) => member.given_name).join(", ")}
                </button>
              ))}
            </div>
          </section>
        ) : null}

        {household && !checkIns ? (
          <section aria-labelledby="kiosk-household" className="kiosk__panel">
            <h2 id="kiosk-household" ref={result} tabIndex={-1}>
              {mode === "in" ? "Who is checking in?" : "Who is being picked up?"}
            </h2>
            {mode === "in" ? (
              <>
                {adults.length > 0 && !household.members.some((member) => member.id === household.scanned_id && member.role === "adult") ? (
                  <div className="kiosk__choices" role="group" aria-label="Dropping off">
                    {adults.map((adult) => (
                      <Toggle key={adult.id} pressed={adult.id === adultId} onToggle={() => setAdultId(adult.id)}>
                        {adult.given_name} drops off
                      </Toggle>
                    ))}
                  </div>
                ) : null}
                {kids.length === 0 ? <p>This household has no children to check in.</p> : null}
                <div className="kiosk__choices" role="group" aria-label="Children">
                  {kids.map((child) => (
                    <Toggle
                      key={child.id}
                      pressed={children.includes(child.id)}
                      onToggle={() => setChildren((chosen) => (chosen.includes(child.id) ? chosen.filter((id) => id !== child.id) : [...chosen, child.id]))}
                    >
                      {child.given_name}
                    </Toggle>
                  ))}
                </div>
                <div className="kiosk__actions">
                  <button type="button" className="kiosk__button kiosk__button--primary" onClick={checkIn} disabled={busy}>
                    {children.length === 0 ? "Check in" : `Check in ${children.length} ${children.length === 1 ? "child" : "children"}${event ? ` to ${event.title}` : ""}`}
                  </button>
                  <button type="button" className="kiosk__button" onClick={() => reset()}>
                    Cancel
                  </button>
                </div>
              </>
            ) : (
              <div className="kiosk__choices" role="group" aria-label="Children">
                {kids.map((child) => (
                  <button key={child.id} type="button" className="kiosk__choice" onClick={() => checkOutBy(child.id)} disabled={busy}>
                    Check out {child.given_name}
                  </button>
                ))}
              </div>
            )}
          </section>
        ) : null}

        {checkIns ? (
          <section aria-labelledby="kiosk-codes" className="kiosk__panel">
            <h2 id="kiosk-codes" ref={result} tabIndex={-1}>
              Checked in
            </h2>
            <ul className="kiosk__codes" aria-label="Security codes">
              {checkIns.map((row) => (
                <li key={row.id}>
                  <span>
                    {row.given_name} · {row.event_title}
                  </span>
                  <strong className="kiosk__code">{row.security_code}</strong>
                </li>
              ))}
            </ul>
            <p>Keep the pickup tag: the code on it collects your children.</p>
            <div className="kiosk__actions">
              <button type="button" className="kiosk__button kiosk__button--primary" onClick={() => window.print()}>
                Print labels
              </button>
              <button type="button" className="kiosk__button" onClick={() => reset()}>
                Done
              </button>
            </div>
          </section>
        ) : null}

        <footer className="kiosk__bottom">
          <button type="button" className="kiosk__link" onClick={signOut}>
            Sign this kiosk out
          </button>
        </footer>
      </div>
      {checkIns ? <KioskLabels checkIns={checkIns} /> : null}
    </>
  );
}
