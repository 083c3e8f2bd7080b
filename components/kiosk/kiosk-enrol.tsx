"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import type { AppLocale } from "@/lib/kernel/locales";
import { KIOSK_ENROL_PATH, KIOSK_POLL_PATH } from "@/lib/portal-api/kiosk-paths";
import { KioskBrand } from "./kiosk-brand";
import { kioskFetch } from "./kiosk-fetch";
import { errorText } from "./kiosk-parts";
import { kioskEnrolTranslator, type KioskEnrolMessages } from "./kiosk-words";

// i18n-namespace: Kiosk

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
 * and polls until the volunteer allows it; then the page reloads as the enrolled kiosk. In the page's language
 * (`locale`, `words`): a volunteer sets the tablet up before any family chooses one.
 */
export function KioskEnrol({
  csrfToken,
  clientId,
  churchName,
  logoPath,
  locale,
  words,
}: {
  csrfToken: string;
  clientId: string | null;
  churchName: string;
  logoPath: string | null;
  locale: AppLocale;
  words: KioskEnrolMessages;
}) {
  const t = useMemo(() => kioskEnrolTranslator(locale, words), [locale, words]);
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
      setMessage(errorText(error, t));
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
        setMessage(status === "denied" ? t("enrol.notAllowed") : t("enrol.expired"));
      } catch {
        if (!stopped) timer = setTimeout(poll, interval * 1000);
      }
    };
    timer = setTimeout(poll, interval * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [start, csrfToken, t]);

  return (
    <section className="kiosk__enrol" aria-labelledby="kiosk-enrol-title">
      <KioskBrand churchName={churchName} logoPath={logoPath} />
      {start ? (
        <>
          <h1 id="kiosk-enrol-title" ref={heading} tabIndex={-1}>
            {t("enrol.allowTitle")}
          </h1>
          <div className="kiosk__enrol-body">
            {/* The SVG is our own server's rendering of our own link (the qrcode package), not user input. */}
            <div className="kiosk__qr" role="img" aria-label={t("enrol.qrCode")} dangerouslySetInnerHTML={{ __html: start.qr_svg }} />
            <ol className="kiosk__steps">
              <li>{t.rich("enrol.stepScan", { uri: start.verification_uri, strong: (chunks) => <strong>{chunks}</strong> })}</li>
              <li>
                {t("enrol.stepSignIn")}
                <span className="kiosk__user-code" aria-label={t("enrol.code", { code: start.user_code.split("").join(" ") })}>
                  {start.user_code}
                </span>
              </li>
              <li>{t("enrol.stepAllow")}</li>
            </ol>
          </div>
          <p className="kiosk__hint" role="status">
            {t("enrol.waiting")}
          </p>
        </>
      ) : (
        <>
          <h1 id="kiosk-enrol-title">{t("enrol.setUpTitle")}</h1>
          <p className="kiosk__lead">{t("enrol.lead")}</p>
          {message ? (
            <p className="kiosk__alert" role="alert">
              {message}
            </p>
          ) : null}
          {clientId ? (
            <>
              <button type="button" className="kiosk__button kiosk__button--primary" onClick={begin} disabled={busy}>
                {t("enrol.setUp")}
              </button>
              <p className="kiosk__hint">{t("enrol.registration", { clientId })}</p>
            </>
          ) : (
            <p className="kiosk__alert" role="status">
              {t("enrol.unknownKiosk")}
            </p>
          )}
        </>
      )}
    </section>
  );
}
