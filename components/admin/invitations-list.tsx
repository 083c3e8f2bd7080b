"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import type { InvitationStatus } from "@/lib/invitations/invitation-rules";
import type { InvitationAnswer } from "@/lib/invitations/schemas";
import { useSplitRefusal } from "./household-refusal";
import { INVITATIONS_PER_PAGE, useInvitationCount, useInvitations, useInvitationWrites } from "./invitations-queries";
import countStyles from "./count-cards.module.css";
import styles from "./invitations.module.css";

/** The tabs, each named by AdminInvitations.list.tabs.<status> ("all" for every one). */
const TABS = [null, "sent", "accepted", "expired", "bounced", "revoked"] as const satisfies readonly (InvitationStatus | null)[];

/** A day in the page's language, in the browser's own time zone: "November 21, 2026". */
function useDateOf(): (iso: string) => string {
  const locale = useLocale();
  return (iso) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/**
 * Staff › Invitations (issue 40): who was invited, whether they made their account, and what to do about the
 * rest: send again (a new link for 14 more days) or withdraw. The counts say how the invitations are going.
 */
export function InvitationsList() {
  const t = useTranslations("AdminInvitations.list");
  const splitRefusal = useSplitRefusal();
  const [status, setStatus] = useState<InvitationStatus | null>(null);
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ status, page });
  const writes = useInvitationWrites();
  const refusal = splitRefusal(writes.resend.error ?? writes.revoke.error, [] as const, t("changeFailed"));
  const items = invitations.data?.items ?? [];
  const total = invitations.data?.metadata.total ?? 0;
  return (
    <>
      <Counts />
      <Section id="invitations-title" title={t("title")}>
        <div className={styles.tabs} role="group" aria-label={t("show")}>
          {TABS.map((value) => (
            <button
              key={value ?? "all"}
              type="button"
              className={`button ${status === value ? "button--primary" : ""}`}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setPage(1);
              }}
            >
              {t(`tabs.${value ?? "all"}`)}
            </button>
          ))}
        </div>
        <FormProblem message={refusal.message} />
        {invitations.isPending ? <p className="muted">{t("loading")}</p> : null}
        {!invitations.isPending && items.length === 0 ? <p className="muted">{t("empty")}</p> : null}
        <ul className={styles.list}>
          {items.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} writes={writes} />
          ))}
        </ul>
        {total > INVITATIONS_PER_PAGE ? (
          <div className={styles.pager}>
            <button type="button" className="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
              {t("newer")}
            </button>
            <span className="muted">{t("pageOf", { page, last: Math.ceil(total / INVITATIONS_PER_PAGE) })}</span>
            <button type="button" className="button" disabled={page * INVITATIONS_PER_PAGE >= total} onClick={() => setPage(page + 1)}>
              {t("older")}
            </button>
          </div>
        ) : null}
      </Section>
    </>
  );
}

function Counts() {
  const t = useTranslations("AdminInvitations.list");
  const waiting = useInvitationCount("sent");
  const accepted = useInvitationCount("accepted");
  const expired = useInvitationCount("expired");
  const bounced = useInvitationCount("bounced");
  return (
    <ul className={countStyles.counts} aria-label={t("countsLabel")}>
      <li>{t.rich("countWaiting", { count: waiting.data ?? "…", strong })}</li>
      <li>{t.rich("countAccepted", { count: accepted.data ?? "…", strong })}</li>
      <li>{t.rich("countExpired", { count: expired.data ?? "…", strong })}</li>
      <li>{t.rich("countBounced", { count: bounced.data ?? "…", strong })}</li>
    </ul>
  );
}

function InvitationRow({ invitation, writes }: { invitation: InvitationAnswer; writes: ReturnType<typeof useInvitationWrites> }) {
  const t = useTranslations("AdminInvitations.list");
  const dateOf = useDateOf();
  const open = invitation.status === "sent" || invitation.status === "expired" || invitation.status === "bounced";
  return (
    <li className={styles.item}>
      <div>
        <strong>
          {invitation.given_name} {invitation.family_name}
        </strong>{" "}
        <span className="muted">{invitation.email}</span>
      </div>
      <div className="muted">
        {invitation.status === "accepted" && invitation.accepted_at
          ? t("acceptedOn", { date: dateOf(invitation.accepted_at) })
          : invitation.status === "sent"
            ? t("waitingRow", { sent: dateOf(invitation.sent_at), times: invitation.sent_count, until: dateOf(invitation.expires_at) })
            : t("statusRow", { status: invitation.status, sent: dateOf(invitation.sent_at), times: invitation.sent_count })}
      </div>
      {open ? (
        <div className={styles.actions}>
          <button type="button" className="button" disabled={writes.resend.isPending} onClick={() => writes.resend.mutate(invitation.id)}>
            {t("sendAgain")}
          </button>
          {invitation.status === "sent" || invitation.status === "bounced" ? (
            <button type="button" className="button" disabled={writes.revoke.isPending} onClick={() => writes.revoke.mutate(invitation.id)}>
              {t("withdraw")}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
