import format, { type CompiledMessage } from "icu-minify/format";
import type en from "../../../messages/en.json";

/**
 * The widget's words (issue 41): the `Widget` namespace of every messages/<tag>.json, compiled at build time
 * by scripts/build-embed.ts (compile-messages.ts) and formatted here by icu-minify's small runtime, the same
 * ICU messages the portal's pages use. Pure: unit-tested in words.test.ts.
 */

type Leaves<Tree, Prefix extends string = ""> = {
  [Key in keyof Tree & string]: Tree[Key] extends string ? `${Prefix}${Key}` : Leaves<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

/** A message of the Widget namespace, by its dotted path ("eventTypes.SERVICE"). */
export type WidgetKey = Leaves<(typeof en)["Widget"]>;
/** One language's compiled messages, by dotted path. */
export type WidgetCatalog = Record<string, CompiledMessage>;
/** Every language's, by its tag ("en", "es"). */
export type WidgetCatalogs = Record<string, WidgetCatalog>;
export type WidgetTranslate = (key: WidgetKey, values?: Record<string, string | number>) => string;

export const FALLBACK_LANGUAGE = "en";

/** The language of `locale` the widget has words for: the exact tag, else its language, else English. */
export function widgetLanguage(locale: string, catalogs: WidgetCatalogs): string {
  if (catalogs[locale]) return locale;
  let language = locale;
  try {
    language = new Intl.Locale(locale).language;
  } catch {
    // Not a tag: English.
  }
  return catalogs[language] ? language : FALLBACK_LANGUAGE;
}

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

/** Words in `locale`'s language (widgetLanguage); a message that language lacks is said in English. */
export function widgetTranslator(catalogs: WidgetCatalogs, locale: string): WidgetTranslate {
  const language = widgetLanguage(locale, catalogs);
  const catalog = catalogs[language] ?? {};
  const english = catalogs[FALLBACK_LANGUAGE] ?? {};
  return (key, values) => {
    const message = catalog[key] ?? english[key];
    if (message === undefined) return key;
    const result = format(message, catalog[key] === undefined ? FALLBACK_LANGUAGE : language, values, { formatters });
    return Array.isArray(result) ? result.join("") : String(result);
  };
}
