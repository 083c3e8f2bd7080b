"use client";

import { useCallback, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import type { AppLocale } from "@/lib/kernel/locales";
import type { BodyInputOf, Endpoint, SuccessOf } from "@/lib/openapi/endpoint";
import { KIOSK_API_PREFIX } from "@/lib/portal-api/kiosk-paths";
import { KioskError, kioskFetch } from "./kiosk-fetch";
import { knownRefusal } from "./kiosk-refusals";
import type { KioskErrorWords, KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

/**
 * A call of a kiosk API endpoint (lib/check-in/endpoints.ts) through the page's relay, `/kiosk/api/v1/<name>`
 * for `/api/v1/kiosk/<name>`: the body typed by the definition, the answer parsed by its success schema.
 */
export type KioskApi = <E extends Endpoint>(endpoint: E, ...body: BodyInputOf<E> extends undefined ? [] : [BodyInputOf<E>]) => Promise<SuccessOf<E>>;

const KIOSK_API = "/api/v1/kiosk/";

/** A kiosk endpoint's answer, through the relay, with the page's CSRF token. */
function callKiosk<E extends Endpoint>(csrfToken: string, endpoint: E, body: unknown): Promise<SuccessOf<E>> {
  if (!endpoint.path.startsWith(KIOSK_API) || !endpoint.success.schema) throw new Error(`${endpoint.path} is not a kiosk call`);
  return kioskFetch(endpoint.success.schema, `${KIOSK_API_PREFIX}/${endpoint.path.slice(KIOSK_API.length)}`, csrfToken, body) as Promise<SuccessOf<E>>;
}

export function useKioskApi(csrfToken: string): KioskApi {
  const call = useCallback((endpoint: Endpoint, ...body: unknown[]) => callKiosk(csrfToken, endpoint, body[0]), [csrfToken]);
  return call as KioskApi;
}

/**
 * A tile the parent or volunteer taps to choose (an event, who drops off, a child): its title, with a "✓"
 * in front while it is chosen, and a line under it. The ✓ and the title's first word share a line whatever
 * the width (a flex row, the ✓ a fixed item): it never wraps alone above its word. The ✓ is shown, not read:
 * `aria-pressed` tells a screen reader the same.
 */
export function Toggle({ pressed, onToggle, title, meta, disabled }: { pressed: boolean; onToggle: () => void; title: ReactNode; meta?: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" className="kiosk__choice" aria-pressed={pressed} onClick={onToggle} disabled={disabled}>
      <span className="kiosk__choice-title">
        {pressed ? (
          <span className="kiosk__check" aria-hidden="true">
            ✓
          </span>
        ) : null}
        <span className="kiosk__choice-words">{title}</span>
      </span>
      {meta ? <span className="kiosk__choice-meta">{meta}</span> : null}
    </button>
  );
}

/**
 * A refusal as the set-up screen shows it: an offline tablet, or an answer that came without a sentence, in the
 * page's language; the sentence a refusal came with as it came (its routes' own, in English).
 */
export function errorText(caught: unknown, t: KioskErrorWords): string {
  if (caught instanceof KioskError && caught.code === "network_error") return t("errors.offline");
  return caught instanceof KioskError && caught.described ? caught.message : t("errors.somethingWentWrong");
}

/**
 * A refusal as the enrolled kiosk shows it, in the visit's language (issue 41). In English, the sentence it came
 * with, as the volunteer reads it (forVolunteer): the check-in domain's refusals are the Kiosk.refusals messages
 * word for word. In another language, one of those refusals is its message, with what the API filled in (a list
 * of first names joined as the language joins them); any other sentence, English only, gives way to the generic
 * one, as does an answer without a sentence.
 */
export function refusalText(caught: unknown, t: KioskT, language: AppLocale): string {
  if (language === "en" || !(caught instanceof KioskError) || !caught.described) return errorText(caught, t);
  const refusal = knownRefusal(caught.description);
  if (!refusal) return t("errors.somethingWentWrong");
  const values = Object.fromEntries(Object.entries(refusal.values).map(([name, value]) => [name, typeof value === "string" ? value : names(value, language)]));
  return t(`refusals.${refusal.key}`, values);
}

/**
 * A step's answer on the screen: `error` (a refusal, in red, for the volunteer) or `notice` (done, in green),
 * in the visit's language. `run` shows the one or the other for an action; a signed-out kiosk (401) reloads
 * into its set-up screen.
 */
export function useKioskAction(t: KioskT, language: AppLocale) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof KioskError && caught.status === 401) return window.location.reload();
      setError(refusalText(caught, t, language));
    } finally {
      setBusy(false);
    }
  }, [t, language]);
  const clear = useCallback(() => {
    setError(null);
    setNotice(null);
  }, []);
  return { busy, error, notice, setError, setNotice, run, clear };
}

export function KioskMessages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
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
  );
}

/**
 * "Amy", "Amy and Ben", "Amy, Ben and Cy"; "Amy, Ben y Cy", "Ana e Isa": a list of names in the visit's
 * language, by Intl.ListFormat. English as the kiosk has always written it, with no comma before "and": CLDR's
 * British list (its US one adds the comma).
 */
export function names(list: readonly string[], language: AppLocale): string {
  return new Intl.ListFormat(language === "en" ? "en-GB" : language, { type: "conjunction", style: "long" }).format(list);
}

/**
 * The scan field: a scanner types what it read and presses Enter, a person types a phone number. Focused on
 * arrival, so the next family can scan at once.
 */
export function ScanForm({
  label,
  value,
  onChange,
  onSubmit,
  scanRef,
  busy,
  hint,
  submitLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (submit: FormEvent) => void;
  scanRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  hint?: string;
  /** The button's word: "Find". */
  submitLabel: string;
}) {
  return (
    <form className="kiosk__panel kiosk__scan" onSubmit={onSubmit} noValidate>
      <label htmlFor="kiosk-scan">{label}</label>
      <div className="kiosk__scan-row">
        <input id="kiosk-scan" ref={scanRef} className="kiosk__input" value={value} onChange={(change) => onChange(change.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} autoFocus maxLength={2000} />
        <button type="submit" className="kiosk__button kiosk__button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {hint ? <p className="kiosk__hint">{hint}</p> : null}
    </form>
  );
}
