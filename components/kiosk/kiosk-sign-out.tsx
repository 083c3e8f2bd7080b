"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { z } from "zod";
import { KIOSK_SIGN_OUT_PATH } from "@/lib/portal-api/kiosk-paths";
import { KioskError, kioskFetch } from "./kiosk-fetch";

/**
 * "Sign this kiosk out", behind a check-in volunteer (issue 38, docs/decisions/0023 "Signing a kiosk out"): the
 * button opens a modal <dialog> asking a volunteer to scan their own check-in code (their phone's Account ›
 * Check-in); the kiosk page's route checks it is a current code of a volunteer's account, spends it, and only
 * then revokes the kiosk's grant. A parent tapping twice, or holding the button, signs nothing out. Escape or
 * Cancel closes it; focus starts in the code field, where a scanner types.
 */
export function KioskSignOut({ csrfToken }: { csrfToken: string }) {
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
      setError("Scan a check-in volunteer’s own code first.");
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
      setError(caught instanceof KioskError ? caught.message : "Something went wrong. Try again.");
      setBusy(false);
      field.current?.focus();
    }
  }

  return (
    <>
      <button type="button" ref={opener} className="kiosk__link" onClick={() => setOpen(true)}>
        Sign this kiosk out
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
          <h2 id={titleId}>Sign this kiosk out?</h2>
          <p>
            Only a check-in volunteer can do this. Volunteer: open <strong>Your check-in code</strong> on your phone (Account › Check-in) and scan it here.
            A volunteer then sets the kiosk up again from their phone.
          </p>
          <label htmlFor="kiosk-volunteer-code">Volunteer’s check-in code</label>
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
              Cancel
            </button>
            <button type="submit" className="kiosk__button kiosk__button--danger" disabled={busy}>
              {busy ? "Signing out…" : "Sign the kiosk out"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
