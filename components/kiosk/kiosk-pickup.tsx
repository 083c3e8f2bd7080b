"use client";

import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { kioskCheckOut, kioskFindPickup } from "@/lib/check-in/endpoints";
import { PICKUP_TAG_PREFIX, type CheckIn, type Pickup } from "@/lib/check-in/schemas";
import type { AppLocale } from "@/lib/kernel/locales";
import { KioskMessages, ScanForm, Toggle, names, useKioskAction, type KioskApi } from "./kiosk-parts";
import type { KioskT } from "./kiosk-words";

// i18n-namespace: Kiosk

/** Member codes and cards are far longer; a short text was typed by hand, most likely the label's 4-character code. */
const TYPED_BY_HAND_MAX = 12;

/** The credential the children were found with: sent again with the check-out. */
type Credential = { pickup_tag: string } | { member_code: string };

/**
 * Picking children up (docs/decisions/0023, "Pickup"): the volunteer scans the QR code of the parent's pickup
 * tag, or the member code or card of an adult on the child's pickup list; the kiosk lists the children it may
 * collect with their labels' codes, and those chosen are checked out. A code typed by hand releases nobody.
 * In the visit's language (`t`, `language`).
 */
export function KioskPickupFlow({
  api,
  t,
  language,
  scanRef,
  onCheckedOut,
}: {
  api: KioskApi;
  t: KioskT;
  language: AppLocale;
  scanRef: RefObject<HTMLInputElement | null>;
  /** The check-ins just checked out, so the screen's counts move at once. */
  onCheckedOut: (checkedOut: CheckIn[]) => void;
}) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ credential: Credential; pickup: Pickup } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, error, notice, setError, setNotice, run } = useKioskAction(t, language);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (found) heading.current?.focus();
  }, [found]);

  function startAgain() {
    setFound(null);
    setChosen([]);
    setTimeout(() => scanRef.current?.focus(), 0);
  }

  function look(submit: FormEvent) {
    submit.preventDefault();
    const typed = query.trim();
    if (!typed) return setError(t("pickup.scanFirst"));
    const tag = typed.toUpperCase().startsWith(PICKUP_TAG_PREFIX);
    if (!tag && typed.length <= TYPED_BY_HAND_MAX) {
      setQuery("");
      return setError(t("pickup.typedByHand"));
    }
    const credential: Credential = tag ? { pickup_tag: typed } : { member_code: typed };
    void run(async () => {
      const pickup = await api(kioskFindPickup, credential);
      setQuery("");
      setFound({ credential, pickup });
      setChosen(pickup.children.map((child) => child.check_in_id));
    });
  }

  function checkOut() {
    if (!found) return;
    if (chosen.length === 0) return setError(t("common.chooseChild"));
    void run(async () => {
      const done = await api(kioskCheckOut, { ...found.credential, check_in_ids: chosen });
      const handed = done.check_ins.map((row) =>
        row.security_code ? t("pickup.handedChild", { name: row.given_name, code: row.security_code }) : t("pickup.handedChildWithoutCode", { name: row.given_name }),
      );
      setNotice(t("pickup.handOver", { children: names(handed, language) }));
      startAgain();
      onCheckedOut(done.check_ins);
    });
  }

  const refused = found?.pickup.refused ?? [];

  return (
    <>
      {found ? null : (
        <ScanForm label={t("pickup.scanLabel")} value={query} onChange={setQuery} onSubmit={look} scanRef={scanRef} busy={busy} submitLabel={t("checkIn.find")} />
      )}

      <KioskMessages error={error} notice={notice} />

      {found ? (
        <section aria-labelledby="kiosk-pickup" className="kiosk__panel">
          <h2 id="kiosk-pickup" ref={heading} tabIndex={-1}>
            {t("pickup.whoIsGoingHome")}
          </h2>
          {refused.length > 0 ? (
            <p className="kiosk__alert" role="alert">
              {t("pickup.notAuthorized", { count: refused.length, names: names(refused.map((child) => child.given_name), language) })}
            </p>
          ) : null}
          <div className="kiosk__choices" role="group" aria-label={t("common.children")}>
            {found.pickup.children.map((child) => (
              <Toggle
                key={child.check_in_id}
                pressed={chosen.includes(child.check_in_id)}
                onToggle={() => setChosen((list) => (list.includes(child.check_in_id) ? list.filter((id) => id !== child.check_in_id) : [...list, child.check_in_id]))}
                title={child.given_name}
                meta={
                  <>
                    {child.event_title} · <span className="kiosk__nowrap">{t("pickup.label", { code: child.security_code ?? "" })}</span>
                  </>
                }
              />
            ))}
          </div>
          <div className="kiosk__actions">
            {found.pickup.children.length > 0 ? (
              <button type="button" className="kiosk__button kiosk__button--primary" onClick={checkOut} disabled={busy}>
                {t("pickup.submit", { count: chosen.length })}
              </button>
            ) : null}
            <button type="button" className="kiosk__button" onClick={startAgain}>
              {t("common.cancel")}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
