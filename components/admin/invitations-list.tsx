"use client";

import { useState } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import type { InvitationStatus } from "@/lib/invitations/invitation-rules";
import type { InvitationAnswer } from "@/lib/invitations/schemas";
import { splitRefusal } from "./household-refusal";
import { INVITATIONS_PER_PAGE, useInvitationCount, useInvitations, useInvitationWrites } from "./invitations-queries";
import countStyles from "./count-cards.module.css";
import styles from "./invitations.module.css";

const TABS: [InvitationStatus | null, string][] = [
  [null, "All"],
  ["sent", "Waiting"],
  ["accepted", "Accepted"],
  ["expired", "Expired"],
  ["bounced", "Not delivered"],
  ["revoked", "Withdrawn"],
];

const STATUS_WORDS: Record<InvitationStatus, string> = {
  sent: "Waiting for them",
  accepted: "Accepted",
  expired: "Expired",
  bounced: "Not delivered: the address was refused. Correct it in the register, then send again",
  revoked: "Withdrawn",
  replaced: "Replaced by a newer one",
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });

/**
 * Staff › Invitations (issue 40): who was invited, whether they made their account, and what to do about the
 * rest: send again (a new link for 14 more days) or withdraw. The counts say how the invitations are going.
 */
export function InvitationsList() {
  const [status, setStatus] = useState<InvitationStatus | null>(null);
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ status, page });
  const writes = useInvitationWrites();
  const refusal = splitRefusal(writes.resend.error ?? writes.revoke.error, [] as const, "change the invitation");
  const items = invitations.data?.items ?? [];
  const total = invitations.data?.metadata.total ?? 0;
  return (
    <>
      <Counts />
      <Section id="invitations-title" title="Everyone invited">
        <div className={styles.tabs} role="group" aria-label="Show">
          {TABS.map(([value, label]) => (
            <button
              key={label}
              type="button"
              className={`button ${status === value ? "button--primary" : ""}`}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setPage(1);
              }}
            >
              {label}
            </button>
          ))}
        </div>
        <FormProblem message={refusal.message} />
        {invitations.isPending ? <p className="muted">Loading…</p> : null}
        {!invitations.isPending && items.length === 0 ? <p className="muted">No invitations here yet. Invite people from an import, or from the membership register.</p> : null}
        <ul className={styles.list}>
          {items.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} writes={writes} />
          ))}
        </ul>
        {total > INVITATIONS_PER_PAGE ? (
          <div className={styles.pager}>
            <button type="button" className="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Newer
            </button>
            <span className="muted">
              Page {page} of {Math.ceil(total / INVITATIONS_PER_PAGE)}
            </span>
            <button type="button" className="button" disabled={page * INVITATIONS_PER_PAGE >= total} onClick={() => setPage(page + 1)}>
              Older
            </button>
          </div>
        ) : null}
      </Section>
    </>
  );
}

function Counts() {
  const waiting = useInvitationCount("sent");
  const accepted = useInvitationCount("accepted");
  const expired = useInvitationCount("expired");
  const bounced = useInvitationCount("bounced");
  return (
    <ul className={countStyles.counts} aria-label="How the invitations are going">
      <li>
        <strong>{waiting.data ?? "…"}</strong> waiting
      </li>
      <li>
        <strong>{accepted.data ?? "…"}</strong> accepted
      </li>
      <li>
        <strong>{expired.data ?? "…"}</strong> expired
      </li>
      <li>
        <strong>{bounced.data ?? "…"}</strong> not delivered
      </li>
    </ul>
  );
}

function InvitationRow({ invitation, writes }: { invitation: InvitationAnswer; writes: ReturnType<typeof useInvitationWrites> }) {
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
        {STATUS_WORDS[invitation.status]}
        {invitation.status === "accepted" && invitation.accepted_at ? ` on ${dateOf(invitation.accepted_at)}` : ` · sent ${dateOf(invitation.sent_at)}${invitation.sent_count > 1 ? ` (${invitation.sent_count} times)` : ""}`}
        {invitation.status === "sent" ? ` · works until ${dateOf(invitation.expires_at)}` : ""}
      </div>
      {open ? (
        <div className={styles.actions}>
          <button type="button" className="button" disabled={writes.resend.isPending} onClick={() => writes.resend.mutate(invitation.id)}>
            Send again
          </button>
          {invitation.status === "sent" || invitation.status === "bounced" ? (
            <button type="button" className="button" disabled={writes.revoke.isPending} onClick={() => writes.revoke.mutate(invitation.id)}>
              Withdraw
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
