import Link from "next/link";
import { useTranslations } from "next-intl";
import { AccountControls, type AccountViewer } from "@/components/account/account-controls";
import { NavLink } from "@/components/nav-link";
import { ChurchMark } from "./church-mark";
import styles from "./site-header.module.css";

/**
 * The site header: the church's name, the main navigation, and the member's sign-in state. Rendered on
 * the server from the portal session cookie (the layout passes what it may show: never a token).
 */
export function SiteHeader({
  siteName,
  logoPath,
  viewer,
  csrfToken,
  navigation = true,
}: {
  siteName: string;
  logoPath: string | null;
  viewer: AccountViewer | null;
  csrfToken: string | null;
  /** False while the church is being set up: there is nowhere to go yet. */
  navigation?: boolean;
}) {
  const signedIn = viewer !== null && !viewer.mustSignInAgain;
  const t = useTranslations("Shell");
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.name}>
          <ChurchMark logoPath={logoPath} />
          {siteName}
        </Link>
        {navigation ? <div className={styles.end}>
          <nav aria-label={t("mainNavigation")} className={styles.nav}>
            <ul role="list">
              <li>
                <NavLink href="/calendar">{t("calendar")}</NavLink>
              </li>
              {signedIn ? (
                <li>
                  <NavLink href="/account">{t("account")}</NavLink>
                </li>
              ) : null}
              {signedIn && viewer.staff ? (
                <li>
                  <NavLink href="/admin">{t("churchOffice")}</NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <AccountControls viewer={viewer} csrfToken={csrfToken} />
        </div> : null}
      </div>
    </header>
  );
}
