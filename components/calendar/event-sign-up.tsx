"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PortalApiError } from "@/lib/portal-api/client";
import type { EventRegistrationView } from "@/lib/registrations/schemas";
import { useApiMessages } from "../account/api-messages";
import styles from "./event-sign-up.module.css";
import { useCancelRegistration, useEventRegistration, useRegister } from "./registration-queries";
import { canSignUp, signUpSummary } from "./sign-up-summary";
import { useSignUpWords } from "./use-sign-up-words";

type Person = EventRegistrationView["people"][number];

/**
 * Sign-up on an event's page for a signed-in member (docs/decisions/0024): the places left, each person of
 * their household with their place or place in line, boxes to sign up the others, and a confirmed cancel.
 * Words: "Calendar.signUp" and "Calendar.counts".
 */
export function EventSignUp({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const t = useTranslations("Calendar.signUp");
  const words = useSignUpWords();
  const api = useApiMessages();
  const locale = useLocale();
  const view = useEventRegistration(eventId);
  const register = useRegister(eventId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");

  if (view.isPending) return <p className="muted">{t("loading")}</p>;
  if (view.isError) return <p role="alert">{api.failed(t("loadFailed"), view.error)}</p>;
  const { summary, people } = view.data;
  // Open with something to give: a place left, or a waitlist to join (a full event without one takes nobody).
  const open = canSignUp(summary);
  const free = people.filter((person) => !person.registration);
  const full = summary.spaces_left !== null && summary.spaces_left <= 0;

  function submit() {
    if (register.isPending) return;
    setStatus("");
    setProblem("");
    if (chosen.length === 0) return setProblem(t("chooseWho"));
    register.mutate(chosen, {
      onSuccess: ({ registrations }) => {
        setChosen([]);
        const placed = registrations.filter((r) => r.status === "registered").map((r) => r.given_name);
        const waiting = registrations.filter((r) => r.status === "waitlisted").map((r) => r.given_name);
        setStatus([placed.length ? t("signedUpNames", { names: placed.join(", ") }) : "", waiting.length ? t("waitlistedNames", { names: waiting.join(", ") }) : ""].filter(Boolean).join(" "));
      },
      // A conflict (full, closed, already signed up): the API says which in English; another language says so in its own words.
      onError: (error) =>
        setProblem(api.wait(error) ?? (error instanceof PortalApiError && error.code === "conflict" ? (locale === "en" ? api.reason(error) : t("conflict")) : api.failed(t("signUpFailed"), error))),
    });
  }

  return (
    <div className={styles.signUp}>
      <p>{signUpSummary(words, summary, timeZone)}</p>
      <ul role="list" className={styles.people} aria-label={t("household")}>
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
                <span>{nameOf(t, person)}</span>
              </label>
            </li>
          ),
        )}
      </ul>
      {open && free.length > 0 ? (
        <button type="button" className="button button--primary button--block" onClick={submit} disabled={register.isPending}>
          {register.isPending
            ? t("signingUp")
            : full && summary.waitlist
              ? chosen.length > 1
                ? t("joinWaitlistCount", { count: chosen.length })
                : t("joinWaitlist")
              : chosen.length > 1
                ? t("signUpCount", { count: chosen.length })
                : t("signUp")}
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

function nameOf(t: (key: "you", values: { name: string }) => string, person: Person): string {
  return person.relation === "self" ? t("you", { name: person.given_name }) : person.given_name;
}

function RegisteredPerson({ person, eventId, onDone, onProblem }: { person: Person; eventId: string; onDone: (text: string) => void; onProblem: (text: string) => void }) {
  const t = useTranslations("Calendar.signUp");
  const api = useApiMessages();
  const cancel = useCancelRegistration(eventId);
  const [confirming, setConfirming] = useState(false);
  const registration = person.registration!;
  const waiting = registration.status === "waitlisted";
  /** Whose place, and which: "your place in line", "Chloe’s place". */
  const what = { kind: waiting ? "waitlist" : "place", self: person.relation === "self" ? "yes" : "no", name: person.given_name };

  function confirm() {
    onDone("");
    onProblem("");
    cancel.mutate(registration.id, {
      onSuccess: () => onDone(waiting ? t("leftWaitlist", { name: person.given_name }) : t("placeCancelled", { name: person.given_name })),
      onError: (error) => onProblem(api.failed(t("cancelFailed"), error)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className={styles.person}>
      <span className={styles.name}>
        {nameOf(t, person)}
        <span className={waiting ? "badge badge--muted" : "badge"}>{waiting ? t("waitlistNumber", { position: String(registration.waitlist_position) }) : t("signedUp")}</span>
      </span>
      {confirming ? (
        <span className={styles.confirm}>
          <span>{t("cancelQuestion", what)}</span>
          <button type="button" className="button button--danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? t("cancelling") : t("yesCancel")}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t("keepIt")}
          </button>
        </span>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)} aria-label={t("cancelLabel", what)}>
          {t("cancel")}
        </button>
      )}
    </li>
  );
}
