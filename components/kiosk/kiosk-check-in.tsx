"use client";

import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { kioskCheckIn, kioskFindHousehold, kioskStartPhoneCheck } from "@/lib/check-in/endpoints";
import type { Household, KioskCheckIn, OpenEvent } from "@/lib/check-in/schemas";
import type { AppLocale } from "@/lib/kernel/locales";
import { dropOffChoices } from "./kiosk-drop-off";
import { KioskMessages, ScanForm, Toggle, names, useKioskAction, type KioskApi } from "./kiosk-parts";
import type { KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

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
 * child's code and prints a label per child and the adult's pickup tag. In the visit's language (`t`, `language`).
 */
export function KioskCheckInFlow({
  api,
  t,
  language,
  event,
  scanRef,
  onCheckedIn,
}: {
  api: KioskApi;
  t: KioskT;
  language: AppLocale;
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
  const { busy, error, notice, setError, run, clear } = useKioskAction(t, language);
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
    if (households.length === 0) return setError(t("checkIn.noHousehold"));
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
    if (!typed) return setError(t("checkIn.scanFirst"));
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
    if (digits.length !== 6) return setError(t("checkIn.typeSixDigits"));
    void run(async () => {
      const search = await api(kioskFindHousehold, { phone_check_id: step.checkId, code: digits });
      found(search.households, search.presence);
    });
  }

  function checkIn() {
    if (step.kind !== "household") return;
    if (!adultId) return setError(t("checkIn.chooseDropOff"));
    if (children.length === 0) return setError(t("common.chooseChild"));
    if (!event) return setError(t("checkIn.chooseEvent"));
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
          label={t("checkIn.scanLabel")}
          value={query}
          onChange={setQuery}
          onSubmit={find}
          scanRef={scanRef}
          busy={busy}
          hint={t("checkIn.scanHint")}
          submitLabel={t("checkIn.find")}
        />
      ) : null}

      {step.kind === "texted" ? (
        <form className="kiosk__panel kiosk__scan" onSubmit={confirmCode} noValidate>
          <label htmlFor="kiosk-texted-code">{t("checkIn.texted", { ending: step.ending })}</label>
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
              {t("checkIn.continue")}
            </button>
          </div>
          <p className="kiosk__hint">{t("checkIn.noText")}</p>
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button" onClick={startAgain}>
              {t("checkIn.startAgain")}
            </button>
          </div>
        </form>
      ) : null}

      <KioskMessages error={error} notice={notice} />

      {step.kind === "choose" ? (
        <section aria-labelledby="kiosk-households" className="kiosk__panel">
          <h2 id="kiosk-households" ref={heading} tabIndex={-1}>
            {t("checkIn.whichHousehold")}
          </h2>
          <div className="kiosk__choices" role="group" aria-label={t("checkIn.households")}>
            {step.households.map((candidate, index) => (
              <button key={candidate.family_id ?? index} type="button" className="kiosk__choice" onClick={() => choose(candidate, step.presence)}>
                {names(candidate.members.map((member) => member.given_name), language)}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      {household ? (
        <section aria-labelledby="kiosk-household" className="kiosk__panel">
          <h2 id="kiosk-household" ref={heading} tabIndex={-1}>
            {t("checkIn.whoIsCheckingIn")}
          </h2>
          {adults.length > 0 ? (
            <div className="kiosk__choices" role="group" aria-label={t("checkIn.droppingOff")}>
              {adults.map((adult) => (
                <Toggle key={adult.id} pressed={adult.id === adultId} onToggle={() => setAdultId(adult.id)} title={t("checkIn.dropsOff", { name: adult.given_name })} />
              ))}
            </div>
          ) : (
            <p className="kiosk__alert" role="alert">
              {t("checkIn.onlyAnAdult")}
            </p>
          )}
          {kids.length === 0 ? <p>{t("checkIn.noChildren")}</p> : null}
          <div className="kiosk__choices" role="group" aria-label={t("common.children")}>
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
              {children.length === 0
                ? t("checkIn.submit")
                : event
                  ? t("checkIn.submitChildrenTo", { count: children.length, event: event.title })
                  : t("checkIn.submitChildren", { count: children.length })}
            </button>
            <button type="button" className="kiosk__button" onClick={startAgain}>
              {t("common.cancel")}
            </button>
          </div>
        </section>
      ) : null}

      {step.kind === "done" ? (
        <section aria-labelledby="kiosk-codes" className="kiosk__panel">
          <h2 id="kiosk-codes" ref={heading} tabIndex={-1}>
            {t("checkIn.checkedIn")}
          </h2>
          <ul className="kiosk__codes" aria-label={t("checkIn.securityCodes")}>
            {step.result.check_ins.map((row) => (
              <li key={row.id}>
                <span>
                  {row.given_name} · {row.event_title}
                </span>
                <strong className="kiosk__code">{row.security_code}</strong>
              </li>
            ))}
          </ul>
          <p>{step.result.pickup_tag ? t("checkIn.keepPickupTag") : t("checkIn.checkedInDone")}</p>
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button kiosk__button--primary" onClick={() => window.print()}>
              {t("checkIn.printLabels")}
            </button>
            <button type="button" className="kiosk__button" onClick={startAgain}>
              {t("checkIn.done")}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
