import type { CheckIn } from "@/lib/check-in/schemas";

/**
 * The labels, for print only (app/kiosk/kiosk.css: one 62 × 29 mm label per page): one per child with
 * the name, the event, the code and the child's allergies or notes, then the guardian's pickup tag with
 * the codes only. Notes never go on the pickup tag.
 */
export function KioskLabels({ checkIns }: { checkIns: CheckIn[] }) {
  const withCodes = checkIns.filter((row) => row.security_code);
  return (
    <div className="kiosk-labels" aria-hidden="true">
      {withCodes.map((row) => (
        <div className="kiosk-label" key={row.id} data-label="child">
          <p className="kiosk-label__name">{row.given_name}</p>
          <p className="kiosk-label__event">{row.event_title}</p>
          <p className="kiosk-label__code">{row.security_code}</p>
          {row.label_notes ? <p className="kiosk-label__notes">{row.label_notes}</p> : null}
        </div>
      ))}
      {withCodes.length > 0 ? (
        <div className="kiosk-label" data-label="pickup">
          <p className="kiosk-label__event">Pickup tag</p>
          <p className="kiosk-label__code">{withCodes.map((row) => row.security_code).join("  ")}</p>
          <p className="kiosk-label__event">{[...new Set(withCodes.map((row) => row.event_title))].join(", ")}</p>
        </div>
      ) : null}
    </div>
  );
}
