"use client";

import { useEffect } from "react";
import { useInBrowser } from "@/components/ui/use-in-browser";
import { createPortal } from "react-dom";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Actions, Card, Meta, QueryStates, Section } from "@/components/ui/section";
import type { IssuedCheckInCard } from "@/lib/check-in/schemas";
import { LocalDate, LocalDateTime } from "../local-time";
import { useOneTimeSecret } from "../use-one-time-secret";
import { useCheckInCard, useIssueCheckInCard, useRevokeCheckInCard } from "./check-in-queries";
import { MemberQr } from "./member-qr";
import styles from "./household-card.module.css";


/**
 * The printed household card (docs/decisions/0023, "Household card"), for someone who has no phone to show
 * the rotating code: a kiosk scans it as it scans that code. Its code is answered once, when it is issued,
 * so "Print a card" issues one and opens the browser's print dialog on the card (85.6 × 54 mm, the size of a
 * bank card, household-card.module.css); the card stays on the page until "Done", for a second try at the
 * printer, and is never shown again. Afterwards the section says only whether there is a card and when it
 * was last used. Replacing and revoking are confirmed: the old card stops working at once.
 */
export function HouseholdCardSection() {
  const status = useCheckInCard();
  const { issue, revoke, replacement, revocation, heading, issued, announcement, failure, make, confirmRevoke, done } = useOneTimeSecret(useIssueCheckInCard(), useRevokeCheckInCard(), {
    made: "Your card is ready to print.",
    replaced: "Your new card is ready to print. Your old card no longer works.",
    revoked: "Your card is revoked. Kiosks no longer accept it.",
    alreadyRevoked: "That card had already been revoked.",
    makeWhat: "make your card",
    revokeWhat: "revoke your card",
  });

  // The print dialog opens once the new card is on the page (and in the print sheet).
  useEffect(() => {
    if (!issued) return;
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [issued]);

  return (
    <Section
      id="household-card-title"
      title="Household card"
      headingRef={heading}
      description="For someone without a phone: a printed card with a QR code that a check-in kiosk scans instead of the code above. It finds your household and lets you collect your children, until you replace or revoke it."
      status={announcement}
      alert={failure}
    >
      {issued ? (
        <div className={styles.issued}>
          <IdCard card={issued} />
          <p className={styles.once}>
            <strong>This card’s code is shown only now.</strong> Print it before you leave this page; afterwards you can only print a new card, which
            replaces this one.
          </p>
          <Actions>
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              Print again
            </button>
            <button
              type="button"
              className="button"
              onClick={done}
            >
              Done
            </button>
          </Actions>
          <PrintSheet card={issued} />
        </div>
      ) : (
        <QueryStates query={status} what="your household card">
          {({ card }) =>
            card ? (
              <Card title="Your household card" headingLevel={3}>
                <Meta>
                  Printed <LocalDate iso={card.created_at} /> ·{" "}
                  {card.last_used_at ? <>last scanned at a kiosk <LocalDateTime iso={card.last_used_at} /></> : "not used at a kiosk yet"}
                </Meta>
                <p>If the card is lost, revoke it; to print another, replace it. Either way the old card stops working at once.</p>
                <Actions>
                  <button type="button" className="button" onClick={() => replacement.ask()} disabled={issue.isPending}>
                    Replace
                  </button>
                  <button type="button" className="button button--danger" onClick={() => revocation.ask()} disabled={revoke.isPending}>
                    Revoke
                  </button>
                </Actions>
              </Card>
            ) : (
              <>
                <p className="muted">You have no household card.</p>
                <Actions>
                  <button type="button" className="button button--primary" onClick={() => make(false)} disabled={issue.isPending}>
                    {issue.isPending ? "Making your card…" : "Print a card"}
                  </button>
                </Actions>
              </>
            )
          }
        </QueryStates>
      )}
      <ConfirmDialog {...replacement.dialog} title="Replace your household card?" confirmLabel="Replace and print" busy={issue.isPending} onConfirm={() => make(true)}>
        <p>Your old card stops working at once; throw it away. A new card is made for you to print now.</p>
      </ConfirmDialog>
      <ConfirmDialog {...revocation.dialog} title="Revoke your household card?" confirmLabel="Revoke" busy={revoke.isPending} onConfirm={confirmRevoke}>
        <p>Kiosks stop accepting it at once. You can print a new card at any time.</p>
      </ConfirmDialog>
    </Section>
  );
}

/** The card itself: the church, the QR, the member's name and their household's first names; nothing else. */
function IdCard({ card }: { card: IssuedCheckInCard }) {
  return (
    <div className={styles.card}>
      <div className={styles.text}>
        <p className={styles.church}>{card.print.church_name}</p>
        <p className={styles.kind}>Household check-in card</p>
        <p className={styles.name}>{card.print.name}</p>
        {card.print.household.length > 0 ? <p className={styles.household}>with {card.print.household.join(", ")}</p> : null}
        <p className={styles.hint}>Scan at a check-in kiosk</p>
      </div>
      <MemberQr code={card.code} label={`Household check-in card QR code for ${card.print.name}`} className={styles.qr} />
    </div>
  );
}

/**
 * What the printer gets: the card alone, as the body's last child, so the print stylesheet can hide the
 * rest of the page (which it does only while this sheet is there) and give it a page of its own size.
 */
function PrintSheet({ card }: { card: IssuedCheckInCard }) {
  const inBrowser = useInBrowser();
  if (!inBrowser) return null;
  return createPortal(
    <div className={styles.sheet} data-print="household-card">
      <IdCard card={card} />
    </div>,
    document.body,
  );
}
