"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { CheckIn, OpenEvent } from "@/lib/check-in/schemas";
import type { AppLocale } from "@/lib/kernel/locales";
import { labelDay } from "./kiosk-clock";
import type { KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

/**
 * The labels, for print only (app/kiosk/kiosk.css: one 62 × 29 mm label per page). One per child: the first
 * name large, the matching code beside it, the event and the date (as the church writes dates, in the event's
 * zone), and, only when the child has notes, a bold bordered "ALLERGY / NOTE" band with them. Then the
 * adult's pickup tag: the same codes large, for a volunteer to compare with each child's label, the events and
 * date, and the QR code of the tag's secret, the barcode a kiosk scans to collect the children. Neither the
 * secret nor a child's notes ever go on a child's label; the tag carries no names, so a lost tag names nobody.
 * (A barcode of the 4-character code itself would collect nobody: a code typed or read by hand releases no
 * child, docs/decisions/0023.) In the visit's language (`t`, `language`), dates too (`locale`: its language with
 * the church's country's clock, kiosk-clock.ts).
 */
/** Letters of a first name that still fit the label's width at the large size (app/kiosk/kiosk.css). */
const LONG_NAME = 10;

export function KioskLabels({
  checkIns,
  pickupTag,
  t,
  language,
  locale,
  events,
}: {
  checkIns: CheckIn[];
  pickupTag: string | null;
  t: KioskT;
  language: AppLocale;
  /** The locale dates are written in. */
  locale: string;
  events: readonly OpenEvent[];
}) {
  const withCodes = checkIns.filter((row) => row.security_code);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (pickupTag) void QRCode.toDataURL(pickupTag, { errorCorrectionLevel: "M", margin: 1, width: 160 }).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [pickupTag]);
  const zoneOf = new Map(events.map((event) => [event.id, event.timezone]));
  const dayOf = (row: CheckIn) => labelDay(locale, row.checked_in_at, zoneOf.get(row.event_id));
  const days = [...new Set(withCodes.map(dayOf))].join(", ");
  return (
    <div className="kiosk-labels" aria-hidden="true" lang={language}>
      {withCodes.map((row) => (
        <div className="kiosk-label kiosk-label--child" key={row.id} data-label="child">
          <p className={`kiosk-label__name${[...row.given_name].length > LONG_NAME ? " kiosk-label__name--long" : ""}`}>{row.given_name}</p>
          <p className="kiosk-label__event">
            {row.event_title} · {dayOf(row)}
          </p>
          <p className="kiosk-label__code">{row.security_code}</p>
          {row.label_notes ? (
            <p className="kiosk-label__notes">
              <strong>{t("labels.allergyNote")}</strong> {row.label_notes}
            </p>
          ) : null}
        </div>
      ))}
      {withCodes.length > 0 && pickupTag ? (
        <div className="kiosk-label kiosk-label--tag" data-label="pickup">
          <div>
            <p className="kiosk-label__title">{t("labels.pickupTag")}</p>
            <p className={`kiosk-label__code${withCodes.length === 1 ? " kiosk-label__code--one" : withCodes.length > 2 ? " kiosk-label__code--many" : ""}`}>
              {withCodes.map((row) => row.security_code).join(" ")}
            </p>
            <p className="kiosk-label__event">
              {[...new Set(withCodes.map((row) => row.event_title))].join(", ")} · {days}
            </p>
            <p className="kiosk-label__event">{t("labels.scanToCollect")}</p>
          </div>
          {/* A data: URL drawn in this browser for the printer: next/image has nothing to optimise or fetch. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {qr ? <img className="kiosk-label__qr" src={qr} alt="" width={80} height={80} /> : null}
        </div>
      ) : null}
    </div>
  );
}
