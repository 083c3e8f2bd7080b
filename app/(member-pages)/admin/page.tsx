import type { Metadata } from "next";
import Link from "next/link";
import { AdminHomeList, StaffForbidden } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import { database } from "@/lib/db";
import { operatorProblemWords, type Instruction } from "@/lib/office/operator-problem-words";
import { OVERVIEW_DAYS, readOfficeOverview, type OfficeOverview } from "@/lib/office/read-office-overview";
import { OPERATOR_PERMISSION, readOperatorProblems, type OperatorProblem } from "@/lib/office/read-operator-problems";
import { emailSendingConfigured } from "@/lib/outbox/mail-transport";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Church office" };

/** "1 request", "3 requests". */
function counted(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

interface Waiting {
  key: string;
  /** None when there is nothing to count (email sending not set up, with no email waiting yet). */
  count?: number;
  title: string;
  text: string;
  /** Where it is done; none when it is done on the server (`todo` says how). */
  href?: string;
  /** What to do, for a problem the server's operator must fix. */
  todo?: Instruction;
  urgent: boolean;
}

/** Whether the card asks for someone now: urgent, and something to count (or nothing countable at all). */
function pressing(item: Waiting): boolean {
  return item.urgent && (item.count === undefined || item.count > 0);
}

/**
 * The office's to-do list, most pressing first: what stops messages reaching members, what needs a person,
 * then what is coming (the signing keys' renewal can wait for this week's drafts).
 */
function waitingItems(overview: OfficeOverview, problems: readonly OperatorProblem[], now: Date): Waiting[] {
  const items: Waiting[] = [];
  const operatorItem = (problem: OperatorProblem): Waiting => ({ ...operatorProblemWords(problem, now), urgent: true });
  const keysDue = problems.filter((problem) => problem.kind === "signing_keys_due");
  items.push(...problems.filter((problem) => problem.kind !== "signing_keys_due").map(operatorItem));
  if (overview.membershipRequests !== undefined) {
    items.push({
      key: "membership",
      count: overview.membershipRequests,
      title: overview.membershipRequests === 1 ? "Membership request" : "Membership requests",
      text: overview.membershipRequests === 0 ? "No member is waiting for you to link their record." : "Members waiting for you to compare and link their record, or turn it down.",
      href: "/admin/membership",
      urgent: overview.membershipRequests > 0,
    });
  }
  if (overview.invitations && overview.invitations.bounced > 0) {
    const { bounced } = overview.invitations;
    items.push({
      key: "invitations-bounced",
      count: bounced,
      title: bounced === 1 ? "Invitation not delivered" : "Invitations not delivered",
      text: "Their email addresses were refused. Correct them in the register, then send the invitations again.",
      href: "/admin/invitations",
      urgent: true,
    });
  }
  if (overview.webhooks && overview.webhooks.failing + overview.webhooks.disabled > 0) {
    const { failing, disabled } = overview.webhooks;
    items.push({
      key: "webhooks",
      count: failing + disabled,
      title: failing + disabled === 1 ? "Website connection failing" : "Website connections failing",
      text: `${[failing > 0 ? `${failing} not getting messages through` : "", disabled > 0 ? `${disabled} turned off after failing for days` : ""].filter(Boolean).join(", ")}. Church websites may show an old calendar.`,
      href: "/admin/webhooks",
      urgent: true,
    });
  }
  if (overview.week && overview.week.drafts > 0) {
    const { drafts } = overview.week;
    items.push({ key: "drafts", count: drafts, title: drafts === 1 ? "Draft this week" : "Drafts this week", text: "Events in the next seven days that nobody can see until they are published.", href: "/admin/events", urgent: true });
  }
  items.push(...keysDue.map(operatorItem));
  if (overview.invitations && overview.invitations.waiting + overview.invitations.accepted > 0) {
    const { waiting, accepted } = overview.invitations;
    items.push({
      key: "invitations",
      count: accepted,
      title: accepted === 1 ? "Invitation accepted" : "Invitations accepted",
      text: `${counted(waiting, "person has", "people have")} not made their account yet.`,
      href: "/admin/invitations",
      urgent: false,
    });
  }
  if (overview.week) {
    const { events, signedUp, waitlisted } = overview.week;
    items.push({
      key: "week",
      count: events,
      title: events === 1 ? "Event this week" : "Events this week",
      text: `${counted(signedUp, "person", "people")} signed up${waitlisted > 0 ? `, ${waitlisted} on waiting lists` : ""}, in the next ${OVERVIEW_DAYS} days.`,
      href: "/admin/events",
      urgent: false,
    });
  }
  return items;
}

/** An instruction's words, its commands and settings as code. */
function instruction(words: Instruction) {
  return words.map((part, index) => (typeof part === "string" ? part : <code key={index}>{part.code}</code>));
}

/** The staff area's front page: what waits for the signed-in staff member, by what they may see. */
export default async function AdminPage() {
  const access = await requireStaffPage("/admin", ["events:read", "membership:read", "clients:read", "families:read", "users:read", "audit:read", OPERATOR_PERMISSION]);
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const db = await database();
  const now = new Date();
  const [overview, problems] = await Promise.all([
    readOfficeOverview(db, access.permissions, now),
    readOperatorProblems(db, access.permissions, { emailSendingConfigured: await emailSendingConfigured(db), now }),
  ]);
  const items = waitingItems(overview, problems, now);
  const waitingCount = items.filter(pressing).length;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Church office</h1>
      <p className="lede">{waitingCount === 0 ? "Nothing is waiting for you. Here is the week ahead." : "What is waiting for you, and the week ahead."}</p>
      {items.length > 0 ? (
        <ul className="quick-links__list" role="list" aria-label="Waiting for you">
          {items.map((item) => (
            <li key={item.key} className={`quick-link${pressing(item) ? ` ${styles.waiting}` : ""}`}>
              {item.href ? (
                <Link href={item.href} className="quick-link__title">
                  {item.count !== undefined && <span className={styles.count}>{item.count}</span>} {item.title}
                </Link>
              ) : (
                <p className={`quick-link__title ${styles.problemTitle}`}>
                  {item.count !== undefined && <span className={styles.count}>{item.count}</span>} {item.title}
                </p>
              )}
              <p className="quick-link__text">{item.text}</p>
              {item.todo && <p className={`quick-link__text ${styles.todo}`}>{instruction(item.todo)}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>Choose a section to start.</p>
      )}
      <AdminHomeList />
    </div>
  );
}
