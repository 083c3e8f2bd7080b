"use client";

import { useState } from "react";
import { PortalApiError } from "@/lib/portal-api/client";
import type { EventRegistrationView } from "@/lib/registrations/schemas";
import { asSentence, failedMessage, waitMessage } from "../account/api-messages";
import styles from "./event-sign-up.module.css";
import { useCancelRegistration, useEventRegistration, useRegister } from "./registration-queries";
import { canSignUp, signUpSummary } from "./sign-up-summary";

type Person = EventRegistrationView["people"][number];

/**
 * Sign-up on an event's page for a signed-in member (docs/decisions/0024): the places left, each person of
 * their household with their place or place in line, boxes to sign up the others, and a confirmed cancel.
 */
export function EventSignUp({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const view = useEventRegistration(eventId);
  const register = useRegister(eventId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");

  if (view.isPending) return <p className="muted">Loading your household’s sign-up…</p>;
  if (view.isError) return <p role="alert">{failedMessage("load your sign-up", view.error)}</p>;
  const { summary, people } = view.data;
  // Open with something to give: a place left, or a waitlist to join (a full event without one takes nobody).
  const open = canSignUp(summary);
  const free = people.filter((person) => !person.registration);
  const full = summary.spaces_left !== null && summary.spaces_left <= 0;

  function submit() {
    if (register.isPending) return;
    setStatus("");
    setProblem("");
    if (chosen.length === 0) return setProblem("Choose who to sign up.");
    register.mutate(chosen, {
      onSuccess: ({ registrations }) => {
        setChosen([]);
        const placed = registrations.filter((r) => r.status === "registered").map((r) => r.given_name);
        const waiting = registrations.filter((r) => r.status === "waitlisted").map((r) => r.given_name);
        setStatus([placed.length ? `Signed up: ${placed.join(", ")}.` : "", waiting.length ? `On the waitlist: ${waiting.join(", ")}.` : ""].filter(Boolean).join(" "));
      },
      onError: (error) => setProblem(waitMessage(error) ?? (error instanceof PortalApiError && error.code === "conflict" ? asSentence(error.message) : failedMessage("sign you up", error))),
    });
  }

  return (
    <div className={styles.signUp}>
      <p>{signUpSummary(summary, timeZone)}</p>
      <ul role="list" className={styles.people} aria-label="Your household">
        {people.map((person) =>
          person.registration ? (
            <RegisteredPerson key={person.person_id} person={person} eventId={eventId} onDone={setStatus} onProblem={setProblem} />
          ) : (
            <li key={person.person_id} className={styles.person}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  checked={chosen.includes(person.person_id)}
                  disabled={!open}
                  onChange={(change) => setChosen((list) => (change.target.checked ? [...list, person.person_id] : list.filter((id) => id !== person.person_id)))}
                />
                <span>{nameOf(person)}</span>
              </label>
            </li>
          ),
        )}
      </ul>
      {open && free.length > 0 ? (
        <button type="button" className="button button--primary button--block" onClick={submit} disabled={register.isPending}>
          {register.isPending ? "Signing up…" : full && summary.waitlist ? `Join the waitlist${chosen.length > 1 ? ` (${chosen.length})` : ""}` : chosen.length > 1 ? `Sign up ${chosen.length} people` : "Sign up"}
        </button>
      ) : null}
      <p role="status" className={styles.status}>
        {status}
      </p>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function nameOf(person: Person): string {
  return person.relation === "self" ? `${person.given_name} (you)` : person.given_name;
}

function RegisteredPerson({ person, eventId, onDone, onProblem }: { person: Person; eventId: string; onDone: (text: string) => void; onProblem: (text: string) => void }) {
  const cancel = useCancelRegistration(eventId);
  const [confirming, setConfirming] = useState(false);
  const registration = person.registration!;
  const waiting = registration.status === "waitlisted";
  const what = waiting ? `${person.relation === "self" ? "your" : `${person.given_name}’s`} place in line` : `${person.relation === "self" ? "your" : `${person.given_name}’s`} place`;

  function confirm() {
    onDone("");
    onProblem("");
    cancel.mutate(registration.id, {
      onSuccess: () => onDone(waiting ? `${person.given_name} left the waitlist.` : `${person.given_name}’s place is cancelled.`),
      onError: (error) => onProblem(failedMessage("cancel", error)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className={styles.person}>
      <span className={styles.name}>
        {nameOf(person)}
        <span className={waiting ? "badge badge--muted" : "badge"}>{waiting ? `Waitlist · number ${registration.waitlist_position}` : "Signed up"}</span>
      </span>
      {confirming ? (
        <span className={styles.confirm}>
          <span>Cancel {what}?</span>
          <button type="button" className="button button--danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling…" : "Yes, cancel"}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)} aria-label={`Cancel ${what}`}>
          Cancel
        </button>
      )}
    </li>
  );
}
