import { getTranslations } from "next-intl/server";
import fieldStyles from "@/components/ui/field.module.css";
import { Section } from "@/components/ui/section";
import { CSRF_FIELD } from "@/lib/http/csrf-cookie";
import { LOCALE_NAMES, LOCALES, type AppLocale } from "@/lib/kernel/locales";
import styles from "./language-section.module.css";

/**
 * The member's language (issue 41): the one every page, email and text is written in for them, saved as theirs
 * (their `locale` claim too). A plain form posting to /auth/locale, the footer switcher's handler, so it works
 * without JavaScript and both always agree. Languages are listed by their own names.
 */
export async function LanguageSection({ locale, csrfToken }: { locale: AppLocale; csrfToken: string | null }) {
  const t = await getTranslations("AccountLanguage");
  return (
    <Section id="language-title" title={t("title")} description={t("description")}>
      <form method="post" action="/auth/locale" className={styles.form}>
        {csrfToken ? <input type="hidden" name={CSRF_FIELD} value={csrfToken} /> : null}
        <input type="hidden" name="back_to" value="/account/profile" />
        <div className={fieldStyles.field}>
          <label htmlFor="profile-language" className={fieldStyles.label}>
            {t("label")}
          </label>
          <select id="profile-language" name="locale" defaultValue={locale} className={fieldStyles.control}>
            {LOCALES.map((tag) => (
              <option key={tag} value={tag} lang={tag}>
                {LOCALE_NAMES[tag]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("save")}
        </button>
      </form>
    </Section>
  );
}
