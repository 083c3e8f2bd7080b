import type { Metadata } from "next";
import Link from "next/link";
import { AccountHomeList } from "@/components/account/account-nav";
import { AccountOverview } from "@/components/account/overview/account-overview";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";
import styles from "./account.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Your account",
  robots: { index: false, follow: false },
};

/**
 * The signed-in member's account: who they are signed in as, the next steps that apply to them and what
 * their household is signed up for next. Signed out, it sends them to sign in.
 */
export default async function AccountPage() {
  const { member } = await requirePortalSession("/account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Member portal</p>
      <h1>Your account</h1>
      <p className="lede">
        Signed in as <strong>{member.name ?? member.email ?? "a member"}</strong>
      </p>
      <section className={styles.card} aria-labelledby="account-details-title">
        <h2 id="account-details-title" className={styles.cardTitle}>
          Your details
        </h2>
        <dl className={styles.details}>
          <div className={styles.row}>
            <dt>Name</dt>
            <dd>{member.name ?? <span className="muted">Not given</span>}</dd>
          </div>
          <div className={styles.row}>
            <dt>Email</dt>
            <dd>{member.email ?? <span className="muted">Not given</span>}</dd>
          </div>
        </dl>
        <p>
          <Link href="/account/profile">Change your name or email</Link> · <Link href="/account/security">Change your password</Link>
        </p>
      </section>
      {/* On a phone the sections come before what loads after the page, so nothing already shown moves. */}
      <AccountHomeList />
      <AccountOverview />
    </div>
  );
}
