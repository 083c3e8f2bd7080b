"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { z } from "zod";
import type { AppLocale } from "@/lib/kernel/locales";
import { KIOSK_SIGN_OUT_PATH } from "@/lib/portal-api/kiosk-paths";
import { kioskFetch } from "./kiosk-fetch";
import { refusalText } from "./kiosk-parts";
import type { KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

/**
 * "Sign this kiosk out", behind a check-in volunteer (issue 38, docs/decisions/0023 "Signing a kiosk out"): the
 * button opens a modal <dialog> asking a volunteer to scan their own check-in code (their phone's Account ›
 * Check-in); the kiosk page's route checks it is a current code of a volunteer's account, spends it, and only
 * then revokes the kiosk's grant. A parent tapping twice, or holding the button, signs nothing out. Escape or
 * Cancel closes it; focus starts in the code field, where a scanner types. In the visit's language (`t`, `language`).
 */
export function KioskSignOut({ csrfToken, t, language }: { csrfToken: string; t: KioskT; language: AppLocale }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      field.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  function close() {
    if (busy) return;
    setOpen(false);
    setCode("");
    setError(null);
    setTimeout(() => opener.current?.focus(), 0);
  }

  async function signOut(submit: FormEvent) {
    submit.preventDefault();
    const scanned = code.trim();
    if (!scanned) {
      setError(t("signOut.scanFirst"));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await kioskFetch(z.object({}).passthrough(), KIOSK_SIGN_OUT_PATH, csrfToken, { volunteer_code: scanned });
      window.location.reload();
    } catch (caught) {
      setCode("");
      setError(refusalText(caught, t, language));
      setBusy(false);
      field.current?.focus();
    }
  }

  return (
    <>
      <button type="button" ref={opener} className="kiosk__link" onClick={() => setOpen(true)}>
        {t("signOut.open")}
      </button>
      <dialog
        ref={dialog}
        className="kiosk__dialog"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <form onSubmit={signOut} noValidate>
          <h2 id={titleId}>{t("signOut.title")}</h2>
          <p>{t.rich("signOut.explain", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <label htmlFor="kiosk-volunteer-code">{t("signOut.codeLabel")}</label>
          <input
            id="kiosk-volunteer-code"
            ref={field}
            className="kiosk__input"
            value={code}
            onChange={(change) => setCode(change.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={2000}
            aria-describedby={error ? "kiosk-sign-out-error" : undefined}
          />
          {error ? (
            <p id="kiosk-sign-out-error" className="kiosk__alert" role="alert">
              {error}
            </p>
          ) : null}
          <div className="kiosk__actions">
            <button type="button" className="kiosk__button" onClick={close} disabled={busy}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="kiosk__button kiosk__button--danger" disabled={busy}>
              {busy ? t("signOut.signingOut") : t("signOut.submit")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
