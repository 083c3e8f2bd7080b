"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { CheckIn } from "@/lib/check-in/schemas";

/**
 * The labels, for print only (app/kiosk/kiosk.css: one 62 × 29 mm label per page). One per child: the first
 * name large, the event and date, the code, and allergies or notes clearly marked. Then the adult's pickup
 * tag: the same codes for a volunteer to compare, and the QR code of the tag's secret, which is what collects
 * the children at a kiosk. Neither the secret nor a child's notes ever go on a child's label; the tag carries
 * no names, so a lost tag names nobody.
 */
export function KioskLabels({ checkIns, pickupTag }: { checkIns: CheckIn[]; pickupTag: string | null }) {
  const withCodes = checkIns.filter((row) => row.security_code);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (pickupTag) void QRCode.toDataURL(pickupTag, { errorCorrectionLevel: "M", margin: 1, width: 160 }).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [pickupTag]);
  const day = new Date().toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  return (
    <div className="kiosk-labels" aria-hidden="true">
      {withCodes.map((row) => (
        <div className="kiosk-label" key={row.id} data-label="child">
          <p className="kiosk-label__name">{row.given_name}</p>
          <p className="kiosk-label__event">
            {row.event_title} · {day}
          </p>
          <p className="kiosk-label__code">{row.security_code}</p>
          {row.label_notes ? <p className="kiosk-label__notes">⚠ {row.label_notes}</p> : null}
        </div>
      ))}
      {withCodes.length > 0 && pickupTag ? (
        <div className="kiosk-label kiosk-label--tag" data-label="pickup">
          <div>
            <p className="kiosk-label__title">Pickup tag</p>
            <p className={`kiosk-label__code${withCodes.length > 2 ? " kiosk-label__code--many" : ""}`}>{withCodes.map((row) => row.security_code).join(" ")}</p>
            <p className="kiosk-label__event">
              {[...new Set(withCodes.map((row) => row.event_title))].join(", ")} · {day}
            </p>
            <p className="kiosk-label__event">Scan here to collect</p>
          </div>
          {/* A data: URL drawn in this browser for the printer: next/image has nothing to optimise or fetch. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {qr ? <img className="kiosk-label__qr" src={qr} alt="" width={80} height={80} /> : null}
        </div>
      ) : null}
    </div>
  );
}
