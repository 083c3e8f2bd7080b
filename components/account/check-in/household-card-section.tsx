"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("AccountCheckIn");
  const status = useCheckInCard();
  const { issue, revoke, replacement, revocation, heading, issued, announcement, failure, make, confirmRevoke, done } = useOneTimeSecret(useIssueCheckInCard(), useRevokeCheckInCard(), {
    made: t("card.made"),
    replaced: t("card.replaced"),
    revoked: t("card.revoked"),
    alreadyRevoked: t("card.alreadyRevoked"),
    makeFailed: t("card.makeFailed"),
    revokeFailed: t("card.revokeFailed"),
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
      title={t("card.title")}
      headingRef={heading}
      description={t("card.description")}
      status={announcement}
      alert={failure}
    >
      {issued ? (
        <div className={styles.issued}>
          <IdCard card={issued} />
          <p className={styles.once}>{t.rich("card.shownOnce", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <Actions>
            <button type="button" className="button button--primary" onClick={() => window.print()}>
              {t("card.printAgain")}
            </button>
            <button type="button" className="button" onClick={done}>
              {t("card.done")}
            </button>
          </Actions>
          <PrintSheet card={issued} />
        </div>
      ) : (
        <QueryStates query={status} loading={t("card.loading")} failure={t("card.loadFailed")}>
          {({ card }) =>
            card ? (
              <Card title={t("card.yours")} headingLevel={3}>
                <Meta>
                  {card.last_used_at
                    ? t.rich("card.printedAndScanned", {
                        printed: () => <LocalDate iso={card.created_at} />,
                        scanned: () => <LocalDateTime iso={card.last_used_at!} />,
                      })
                    : t.rich("card.printedNotUsed", { printed: () => <LocalDate iso={card.created_at} /> })}
                </Meta>
                <p>{t("card.lostHint")}</p>
                <Actions>
                  <button type="button" className="button" onClick={() => replacement.ask()} disabled={issue.isPending}>
                    {t("card.replace")}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => revocation.ask()} disabled={revoke.isPending}>
                    {t("card.revoke")}
                  </button>
                </Actions>
              </Card>
            ) : (
              <>
                <p className="muted">{t("card.none")}</p>
                <Actions>
                  <button type="button" className="button button--primary" onClick={() => make(false)} disabled={issue.isPending}>
                    {issue.isPending ? t("card.making") : t("card.print")}
                  </button>
                </Actions>
              </>
            )
          }
        </QueryStates>
      )}
      <ConfirmDialog {...replacement.dialog} title={t("card.replaceTitle")} confirmLabel={t("card.replaceConfirm")} busy={issue.isPending} onConfirm={() => make(true)}>
        <p>{t("card.replaceBody")}</p>
      </ConfirmDialog>
      <ConfirmDialog {...revocation.dialog} title={t("card.revokeTitle")} confirmLabel={t("card.revoke")} busy={revoke.isPending} onConfirm={confirmRevoke}>
        <p>{t("card.revokeBody")}</p>
      </ConfirmDialog>
    </Section>
  );
}

/** The card itself: the church, the QR, the member's name and their household's first names; nothing else. */
function IdCard({ card }: { card: IssuedCheckInCard }) {
  const t = useTranslations("AccountCheckIn");
  return (
    <div className={styles.card}>
      <div className={styles.text}>
        <p className={styles.church}>{card.print.church_name}</p>
        <p className={styles.kind}>{t("card.face.kind")}</p>
        <p className={styles.name}>{card.print.name}</p>
        {card.print.household.length > 0 ? <p className={styles.household}>{t("card.face.with", { names: card.print.household.join(", ") })}</p> : null}
        <p className={styles.hint}>{t("card.face.hint")}</p>
      </div>
      <MemberQr code={card.code} label={t("card.face.qrLabel", { name: card.print.name })} className={styles.qr} />
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
