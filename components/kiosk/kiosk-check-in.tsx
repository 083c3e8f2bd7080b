"use client";

import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { kioskCheckIn, kioskFindHousehold, kioskStartPhoneCheck } from "@/lib/check-in/endpoints";
import type { Household, KioskCheckIn, OpenEvent } from "@/lib/check-in/schemas";
import { dropOffChoices } from "./kiosk-drop-off";
import { KioskMessages, ScanForm, Toggle, names, useKioskAction, type KioskApi } from "./kiosk-parts";

/** What the adult typed is a phone number: digits and the separators people write, at least seven digits. */
function looksLikePhone(typed: string): boolean {
  return /^\+?[\d\s().-]+$/.test(typed) && typed.replace(/\D/g, "").length >= 7;
}

type Step =
  | { kind: "scan" }
  | { kind: "texted"; checkId: string; ending: string }
  | { kind: "choose"; households: Household[]; presence: string }
  | { kind: "household"; household: Household; presence: string }
  | { kind: "done"; result: KioskCheckIn };

/**
 * Checking children in (docs/decisions/0023): the adult scans their own member code or household card, or
 * types their mobile number and then the code texted to it; chooses the children; the kiosk answers each
 * child's code and prints a label per child and the adult's pickup tag.
 */
export function KioskCheckInFlow({
  api,
  event,
  scanRef,
  onCheckedIn,
}: {
  api: KioskApi;
  event: OpenEvent | null;
  scanRef: RefObject<HTMLInputElement | null>;
  /** The labels to print (outside the screen, which print hides), or null when they are done with. */
  onCheckedIn: (labels: KioskCheckIn | null) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: "scan" });
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [adultId, setAdultId] = useState<string | null>(null);
  const [children, setChildren] = useState<string[]>([]);
  const { busy, error, notice, setError, run, clear } = useKioskAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // Focus moves to each new step's heading (or the code field) once it has rendered, for keyboard and screen-reader users.
  useEffect(() => {
    if (step.kind === "texted") codeInput.current?.focus();
    else if (step.kind !== "scan") heading.current?.focus();
  }, [step]);

  function startAgain() {
    setStep({ kind: "scan" });
    setQuery("");
    setCode("");
    setAdultId(null);
    setChildren([]);
    clear();
    onCheckedIn(null);
    setTimeout(() => scanRef.current?.focus(), 0);
  }

  function found(households: Household[], presence: string) {
    if (households.length === 0) return setError("No household was found. Try again or ask a volunteer.");
    if (households.length > 1) return setStep({ kind: "choose", households, presence });
    choose(households[0]!, presence);
  }

  function choose(household: Household, presence: string) {
    // The one adult proven here drops off: chosen already, no tap (issue 38).
    setAdultId(dropOffChoices(household).preset);
    setChildren([]);
    setStep({ kind: "household", household, presence });
  }

  function find(submit: FormEvent) {
    submit.preventDefault();
    const typed = query.trim();
    if (!typed) return setError("Scan your member code or card, or type your mobile number.");
    void run(async () => {
      if (looksLikePhone(typed)) {
        const check = await api(kioskStartPhoneCheck, { phone: typed });
        setQuery("");
        setCode("");
        setStep({ kind: "texted", checkId: check.id, ending: typed.replace(/\D/g, "").slice(-2) });
        return;
      }
      const search = await api(kioskFindHousehold, { member_code: typed });
      setQuery("");
      found(search.households, search.presence);
    });
  }

  function confirmCode(submit: FormEvent) {
    submit.preventDefault();
    if (step.kind !== "texted") return;
    const digits = code.replace(/\D/g, "");
    if (digits.length !== 6) return setError("Type the 6 digits of the text.");
    void run(async () => {
      const search = await api(kioskFindHousehold, { phone_check_id: step.checkId, code: digits });
      found(search.households, search.presence);
    });
  }

  function checkIn() {
    if (step.kind !== "household") return;
    if (!adultId) return setError("Choose who is dropping off.");
    if (children.length === 0) return setError("Choose at least one child.");
    if (!event) return setError("Choose an event.");
    void run(async () => {
      const result = await api(kioskCheckIn, { presence: step.presence, guardian_id: adultId, children: children.map((child_id) => ({ child_id, event_id: event.id })) });
      setStep({ kind: "done", result });
      onCheckedIn(result);
    });
  }

  const household = step.kind === "household" ? step.household : null;
  const adults = household ? dropOffChoices(household).adults : [];
  const kids = household?.members.filter((member) => member.role === "child") ?? [];

  return (
    <>
      {step.kind === "scan" ? (
        <ScanForm
          label="Scan your member code or card, or type your mobile number"
          value={query}
          onChange={setQuery}
          onSubmit={find}
          scanRef={scanRef}
          busy={busy}
          hint="A mobile number needs its country code, such as +1 617 555 0199. We text it a code to type here."
        />
      ) : null}

      {step.kind === "texted" ? (
        <form className="kiosk__panel kiosk__scan" onSubmit={confirmCode} noValidate>
          <label htmlFor="kiosk-texted-code">We sent a text to the number ending {step.ending}, if it belongs to a household here. Type its 6-digit code</label>
          <div className="kiosk__scan-row">
            <input
              id="kiosk-texted-code"
              ref={codeInput}
              className="kiosk__input"
              value={code}
              onChange={(change) => setCode(change.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
            />
            <button type="submit" className="kiosk__button kiosk__button--primary" disabled={busy}>
              Continue
            </button>
          </div>
          <p className="kiosk__hint">No text? Check the number, or ask a volunteer.</p>
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button" onClick={startAgain}>
              Start again
            </button>
          </div>
        </form>
      ) : null}

      <KioskMessages error={error} notice={notice} />

      {step.kind === "choose" ? (
        <section aria-labelledby="kiosk-households" className="kiosk__panel">
          <h2 id="kiosk-households" ref={heading} tabIndex={-1}>
            Which household is yours?
          </h2>
          <div className="kiosk__choices" role="group" aria-label="Households">
            {step.households.map((candidate, index) => (
              <button key={candidate.family_id ?? index} type="button" className="kiosk__choice" onClick={() => choose(candidate, step.presence)}>
                {names(candidate.members.map((member) => member.given_name))}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      {household ? (
        <section aria-labelledby="kiosk-household" className="kiosk__panel">
          <h2 id="kiosk-household" ref={heading} tabIndex={-1}>
            Who is checking in?
          </h2>
          {adults.length > 0 ? (
            <div className="kiosk__choices" role="group" aria-label="Dropping off">
              {adults.map((adult) => (
                <Toggle key={adult.id} pressed={adult.id === adultId} onToggle={() => setAdultId(adult.id)} title={`${adult.given_name} drops off`} />
              ))}
            </div>
          ) : (
            <p className="kiosk__alert" role="alert">
              Only an adult of this household can check children in. Ask them to scan their own member code or card.
            </p>
          )}
          {kids.length === 0 ? <p>This household has no children to check in.</p> : null}
          <div className="kiosk__choices" role="group" aria-label="Children">
            {kids.map((child) => (
              <Toggle
                key={child.id}
                pressed={children.includes(child.id)}
                onToggle={() => setChildren((chosen) => (chosen.includes(child.id) ? chosen.filter((id) => id !== child.id) : [...chosen, child.id]))}
                title={child.given_name}
              />
            ))}
          </div>
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button kiosk__button--primary" onClick={checkIn} disabled={busy || adults.length === 0}>
              {children.length === 0 ? "Check in" : `Check in ${children.length} ${children.length === 1 ? "child" : "children"}${event ? ` to ${event.title}` : ""}`}
            </button>
            <button type="button" className="kiosk__button" onClick={startAgain}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}

      {step.kind === "done" ? (
        <section aria-labelledby="kiosk-codes" className="kiosk__panel">
          <h2 id="kiosk-codes" ref={heading} tabIndex={-1}>
            Checked in
          </h2>
          <ul className="kiosk__codes" aria-label="Security codes">
            {step.result.check_ins.map((row) => (
              <li key={row.id}>
                <span>
                  {row.given_name} · {row.event_title}
                </span>
                <strong className="kiosk__code">{row.security_code}</strong>
              </li>
            ))}
          </ul>
          <p>{step.result.pickup_tag ? "Keep the pickup tag: scanning it here is how your children go home. The code on each child’s label matches the tag." : "Checked in."}</p>
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button kiosk__button--primary" onClick={() => window.print()}>
              Print labels
            </button>
            <button type="button" className="kiosk__button" onClick={startAgain}>
              Done
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
