import { useTranslations } from "next-intl";
import { CSRF_FIELD } from "@/lib/http/csrf-cookie";
import { LOCALE_NAMES, LOCALES, type AppLocale } from "@/lib/kernel/locales";
import styles from "./language-switcher.module.css";

/**
 * The language switcher at the foot of every page (issue 41): a plain form, so it works without JavaScript,
 * posting to /auth/locale, which remembers the choice and comes back to this page. Each language is listed by
 * its own name, so a member finds theirs whatever the page speaks now.
 */
export function LanguageSwitcher({ locale, csrfToken, returnTo }: { locale: AppLocale; csrfToken: string; returnTo: string }) {
  const t = useTranslations("Shell");
  return (
    <form method="post" action="/auth/locale" className={styles.switcher}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      {/* Not `return_to`: a page's own form may have one, and the two must not be mistaken for each other. */}
      <input type="hidden" name="back_to" value={returnTo} />
      <label htmlFor="language-switcher">{t("language")}</label>
      <select id="language-switcher" name="locale" defaultValue={locale} className={styles.select}>
        {LOCALES.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {LOCALE_NAMES[tag]}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        {t("changeLanguage")}
      </button>
    </form>
  );
}
