import type { Metadata } from "next";
import Link from "next/link";
import { AdminHomeList, StaffForbidden } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import { database } from "@/lib/db";
import { OVERVIEW_DAYS, readOfficeOverview, type OfficeOverview } from "@/lib/office/read-office-overview";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Church office" };

/** "1 request", "3 requests". */
function counted(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

interface Waiting {
  key: string;
  count: number;
  title: string;
  text: string;
  href: string;
  urgent: boolean;
}

/** The office's to-do list, most pressing first: what needs a person, then what is coming. */
function waitingItems(overview: OfficeOverview): Waiting[] {
  const items: Waiting[] = [];
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
  if (overview.week) {
    const { events, drafts, signedUp, waitlisted } = overview.week;
    if (drafts > 0) {
      items.push({ key: "drafts", count: drafts, title: drafts === 1 ? "Draft this week" : "Drafts this week", text: "Events in the next seven days that nobody can see until they are published.", href: "/admin/events", urgent: true });
    }
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

/** The staff area's front page: what waits for the signed-in staff member, by what they may see. */
export default async function AdminPage() {
  const access = await requireStaffPage("/admin", ["events:read", "membership:read", "clients:read", "families:read", "users:read", "audit:read"]);
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const items = waitingItems(await readOfficeOverview(await database(), access.permissions));
  const pressing = items.filter((item) => item.urgent && item.count > 0).length;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Church office</h1>
      <p className="lede">{pressing === 0 ? "Nothing is waiting for you. Here is the week ahead." : "What is waiting for you, and the week ahead."}</p>
      {items.length > 0 ? (
        <ul className="quick-links__list" role="list" aria-label="Waiting for you">
          {items.map((item) => (
            <li key={item.key} className={`quick-link${item.urgent && item.count > 0 ? ` ${styles.waiting}` : ""}`}>
              <Link href={item.href} className="quick-link__title">
                <span className={styles.count}>{item.count}</span> {item.title}
              </Link>
              <p className="quick-link__text">{item.text}</p>
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
