import { useTranslations } from "next-intl";
import { CSRF_FIELD } from "@/lib/http/csrf-cookie";
import { PORTAL_SIGN_OUT_PATH } from "@/lib/portal-auth/paths";
import styles from "./account-controls.module.css";
import { SignInLink } from "./sign-in-link";

/** What the header may know about the member: from the session cookie, never a token. */
export interface AccountViewer {
  name: string | null;
  email: string | null;
  /** Holds a staff permission: the header links to the church office. */
  staff: boolean;
  /** The session ended at the authorization server (or expired): ask to sign in again. */
  mustSignInAgain: boolean;
}

/**
 * Sign in, or sign out, in the header (no "Sign in" while a sign-in is under way). Both work without JavaScript: signing in is a link to the
 * portal's sign-in route (it redirects to our authorization server), signing out a form post carrying the
 * page's CSRF token (the route ends this session and the authorization server's).
 */
export function AccountControls({ viewer, csrfToken }: { viewer: AccountViewer | null; csrfToken: string | null }) {
  const t = useTranslations("Shell");
  if (viewer && !viewer.mustSignInAgain) {
    return (
      <form method="post" action={PORTAL_SIGN_OUT_PATH} className={styles.controls}>
        {csrfToken ? <input type="hidden" name={CSRF_FIELD} value={csrfToken} /> : null}
        <button type="submit" className={`button ${styles.button}`}>
          {t("signOut")}
        </button>
      </form>
    );
  }
  return (
    <div className={styles.controls}>
      {viewer?.mustSignInAgain ? (
        <p className={styles.note} id="session-ended">
          {t("sessionEnded")}
        </p>
      ) : null}
      <SignInLink className={`button button--primary ${styles.button}`} label={viewer?.mustSignInAgain ? t("signInAgain") : t("signIn")} describedBy={viewer?.mustSignInAgain ? "session-ended" : undefined} />
    </div>
  );
}
