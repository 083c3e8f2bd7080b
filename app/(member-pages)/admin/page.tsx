import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import Link from "next/link";
import { AdminHomeList, StaffForbidden } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import { database } from "@/lib/db";
import { operatorProblemWords, type Instruction } from "@/lib/office/operator-problem-words";
import { OVERVIEW_DAYS, readOfficeOverview, type OfficeOverview } from "@/lib/office/read-office-overview";
import { OPERATOR_PERMISSION, readOperatorProblems, type OperatorProblem } from "@/lib/office/read-operator-problems";
import { emailSendingConfigured } from "@/lib/outbox/mail-transport";
import type { AppLocale } from "@/lib/kernel/locales";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const words = await getTranslations("Admin.overview");
  return { title: words("title") };
}

type OverviewWords = Awaited<ReturnType<typeof getTranslations<"Admin.overview">>>;

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
function waitingItems(overview: OfficeOverview, problems: readonly OperatorProblem[], now: Date, words: OverviewWords, locale: AppLocale): Waiting[] {
  const items: Waiting[] = [];
  const operatorItem = (problem: OperatorProblem): Waiting => ({ ...operatorProblemWords(problem, now, locale), urgent: true });
  const keysDue = problems.filter((problem) => problem.kind === "signing_keys_due");
  items.push(...problems.filter((problem) => problem.kind !== "signing_keys_due").map(operatorItem));
  if (overview.membershipRequests !== undefined) {
    items.push({
      key: "membership",
      count: overview.membershipRequests,
      title: words("membershipTitle", { count: overview.membershipRequests }),
      text: overview.membershipRequests === 0 ? words("membershipNone") : words("membershipSome"),
      href: "/admin/membership",
      urgent: overview.membershipRequests > 0,
    });
  }
  if (overview.invitations && overview.invitations.bounced > 0) {
    const { bounced } = overview.invitations;
    items.push({
      key: "invitations-bounced",
      count: bounced,
      title: words("bouncedTitle", { count: bounced }),
      text: words("bouncedText"),
      href: "/admin/invitations",
      urgent: true,
    });
  }
  if (overview.webhooks && overview.webhooks.failing + overview.webhooks.disabled > 0) {
    const { failing, disabled } = overview.webhooks;
    items.push({
      key: "webhooks",
      count: failing + disabled,
      title: words("webhooksTitle", { count: failing + disabled }),
      text: failing > 0 && disabled > 0 ? words("webhooksBoth", { failing, disabled }) : failing > 0 ? words("webhooksFailing", { failing }) : words("webhooksDisabled", { disabled }),
      href: "/admin/webhooks",
      urgent: true,
    });
  }
  if (overview.week && overview.week.drafts > 0) {
    const { drafts } = overview.week;
    items.push({ key: "drafts", count: drafts, title: words("draftsTitle", { count: drafts }), text: words("draftsText"), href: "/admin/events", urgent: true });
  }
  items.push(...keysDue.map(operatorItem));
  if (overview.invitations && overview.invitations.waiting + overview.invitations.accepted > 0) {
    const { waiting, accepted } = overview.invitations;
    items.push({
      key: "invitations",
      count: accepted,
      title: words("invitationsTitle", { count: accepted }),
      text: words("invitationsText", { waiting }),
      href: "/admin/invitations",
      urgent: false,
    });
  }
  if (overview.week) {
    const { events, signedUp, waitlisted } = overview.week;
    items.push({
      key: "week",
      count: events,
      title: words("weekTitle", { count: events }),
      text: waitlisted > 0 ? words("weekTextWaitlisted", { signedUp, waitlisted, days: OVERVIEW_DAYS }) : words("weekText", { signedUp, days: OVERVIEW_DAYS }),
      href: "/admin/events",
      urgent: false,
    });
  }
  return items;
}

/** An instruction's words, its commands and settings as code. */
function instruction(parts: Instruction) {
  return parts.map((part, index) => (typeof part === "string" ? part : <code key={index}>{part.code}</code>));
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
  const t = await getTranslations("Admin");
  const words = await getTranslations("Admin.overview");
  const items = waitingItems(overview, problems, now, words, await getLocale());
  const waitingCount = items.filter(pressing).length;
  return (
    <div className="page">
      <p className="eyebrow">{t("staff")}</p>
      <h1>{words("title")}</h1>
      <p className="lede">{waitingCount === 0 ? words("ledeNothing") : words("ledeWaiting")}</p>
      {items.length > 0 ? (
        <ul className="quick-links__list" role="list" aria-label={words("waitingLabel")}>
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
        <p>{words("chooseSection")}</p>
      )}
      <AdminHomeList />
    </div>
  );
}
