/**
 * The languages the pages, emails and kiosk speak (issue 41). Adding one is adding its messages file
 * (messages/<tag>.json) and its tag here; `npm run lint:messages` checks the two agree. In the kernel: the
 * environment (CHURCH_LOCALE) names them.
 */
export const LOCALES = ["en", "es"] as const;
export type AppLocale = (typeof LOCALES)[number];

/** What every page falls back to when nothing else chooses: the church's default, else this. */
export const FALLBACK_LOCALE: AppLocale = "en";

/** Each language by its own name, as a member looks for it in a list: no words to translate. */
export const LOCALE_NAMES: Record<AppLocale, string> = { en: "English", es: "Español" };

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The app's language of a BCP 47 tag, by its language alone (`es-MX` and `es-419` are Spanish), or null for
 * a language not offered or a tag that is not one.
 */
export function appLocaleOf(tag: string | null | undefined): AppLocale | null {
  if (!tag) return null;
  let language: string;
  try {
    language = new Intl.Locale(tag.trim()).language;
  } catch {
    return null;
  }
  return isAppLocale(language) ? language : null;
}

/** The writing direction of a language, for `<html dir>`: none of ours is right-to-left yet, but a new one may be. */
export function directionOf(locale: string): "ltr" | "rtl" {
  const info = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
  const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
  return direction === "rtl" ? "rtl" : "ltr";
}
