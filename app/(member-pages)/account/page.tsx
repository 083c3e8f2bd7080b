import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { AccountHomeList } from "@/components/account/account-nav";
import { AccountOverview } from "@/components/account/overview/account-overview";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";
import styles from "./account.module.css";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountOverview");
  return { title: t("page.title"), robots: { index: false, follow: false } };
}

/**
 * The signed-in member's account: who they are signed in as, the next steps that apply to them and what
 * their household is signed up for next. Signed out, it sends them to sign in.
 */
export default async function AccountPage() {
  const { member } = await requirePortalSession("/account");
  const t = await getTranslations("AccountOverview");
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const shownAs = member.name ?? member.email;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{shownAs ? t.rich("page.signedInAs", { name: shownAs, strong }) : t.rich("page.signedInAsMember", { strong })}</p>
      <section className={styles.card} aria-labelledby="account-details-title">
        <h2 id="account-details-title" className={styles.cardTitle}>
          {t("page.details")}
        </h2>
        <dl className={styles.details}>
          <div className={styles.row}>
            <dt>{t("page.name")}</dt>
            <dd>{member.name ?? <span className="muted">{t("page.notGiven")}</span>}</dd>
          </div>
          <div className={styles.row}>
            <dt>{t("page.email")}</dt>
            <dd>{member.email ?? <span className="muted">{t("page.notGiven")}</span>}</dd>
          </div>
        </dl>
        <p>
          <Link href="/account/profile">{t("page.changeNameOrEmail")}</Link> · <Link href="/account/security">{t("page.changePassword")}</Link>
        </p>
      </section>
      {/* On a phone the sections come before what loads after the page, so nothing already shown moves. */}
      {/* "Account": the account navigation's words (AccountHomeList). */}
      <ClientMessages namespaces={["Account", "AccountOverview", "Calendar.dates"]}>
        <AccountHomeList />
        <AccountOverview />
      </ClientMessages>
    </div>
  );
}
