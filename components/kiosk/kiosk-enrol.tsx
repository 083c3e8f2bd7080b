"use client";

import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { KIOSK_ENROL_PATH, KIOSK_POLL_PATH } from "@/lib/portal-api/kiosk-paths";
import { KioskBrand } from "./kiosk-brand";
import { KioskError, kioskFetch } from "./kiosk-fetch";

const startSchema = z.object({
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number(),
  interval: z.number(),
  qr_svg: z.string(),
});
const pollSchema = z.object({ status: z.enum(["enrolled", "pending", "slow_down", "denied", "expired", "not_started"]) });

/**
 * Setting up a lobby tablet: it asks the issuer for a device code (through /kiosk/enrol, which keeps the
 * device code in a sealed cookie), shows the code, the link and a QR of the link for a volunteer's phone,
 * and polls until the volunteer allows it; then the page reloads as the enrolled kiosk.
 */
export function KioskEnrol({ csrfToken, clientId, churchName, logoPath }: { csrfToken: string; clientId: string | null; churchName: string; logoPath: string | null }) {
  const [start, setStart] = useState<z.infer<typeof startSchema> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  async function begin() {
    if (!clientId) return;
    setBusy(true);
    setMessage(null);
    try {
      setStart(await kioskFetch(startSchema, KIOSK_ENROL_PATH, csrfToken, { client_id: clientId }));
    } catch (error) {
      setMessage(error instanceof KioskError ? error.message : "Something went wrong. Try again.");
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!start) return;
    heading.current?.focus();
    let interval = start.interval;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const { status } = await kioskFetch(pollSchema, KIOSK_POLL_PATH, csrfToken, {});
        if (stopped) return;
        if (status === "enrolled") return window.location.reload();
        if (status === "pending" || status === "slow_down") {
          if (status === "slow_down") interval += 5;
          timer = setTimeout(poll, interval * 1000);
          return;
        }
        setStart(null);
        setMessage(status === "denied" ? "The volunteer did not allow this kiosk. Start again." : "The code expired before it was allowed. Start again.");
      } catch {
        if (!stopped) timer = setTimeout(poll, interval * 1000);
      }
    };
    timer = setTimeout(poll, interval * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [start, csrfToken]);

  return (
    <section className="kiosk__enrol" aria-labelledby="kiosk-enrol-title">
      <KioskBrand churchName={churchName} logoPath={logoPath} />
      {start ? (
        <>
          <h1 id="kiosk-enrol-title" ref={heading} tabIndex={-1}>
            Allow this kiosk from your phone
          </h1>
          <div className="kiosk__enrol-body">
            {/* The SVG is our own server's rendering of our own link (the qrcode package), not user input. */}
            <div className="kiosk__qr" role="img" aria-label="QR code of the link to allow this kiosk" dangerouslySetInnerHTML={{ __html: start.qr_svg }} />
            <ol className="kiosk__steps">
              <li>
                Scan the QR code, or open <strong>{start.verification_uri}</strong> on your phone.
              </li>
              <li>
                Sign in as a check-in volunteer and check the code:
                <span className="kiosk__user-code" aria-label={`Code ${start.user_code.split("").join(" ")}`}>
                  {start.user_code}
                </span>
              </li>
              <li>Allow it. This screen turns into the check-in kiosk by itself.</li>
            </ol>
          </div>
          <p className="kiosk__hint" role="status">
            Waiting for a volunteer to allow this kiosk…
          </p>
        </>
      ) : (
        <>
          <h1 id="kiosk-enrol-title">Set up this check-in kiosk</h1>
          <p className="kiosk__lead">
            A check-in volunteer allows this tablet once from their phone. It then checks children in and out for its campus.
          </p>
          {message ? (
            <p className="kiosk__alert" role="alert">
              {message}
            </p>
          ) : null}
          {clientId ? (
            <>
              <button type="button" className="kiosk__button kiosk__button--primary" onClick={begin} disabled={busy}>
                Set up this kiosk
              </button>
              <p className="kiosk__hint">Kiosk registration: {clientId}</p>
            </>
          ) : (
            <p className="kiosk__alert" role="status">
              This tablet does not know which kiosk it is yet. In the church office, open Apps, register a check-in kiosk for its campus (or pick one),
              and open the address it shows on this tablet.
            </p>
          )}
        </>
      )}
    </section>
  );
}
