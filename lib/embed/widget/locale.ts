/**
 * The locale the widget writes its words and dates in (issue 41). Pure: unit-tested in locale.test.ts.
 *
 * 1. its `locale` attribute, as the church's website set it;
 * 2. else the language of the page around it: its nearest `lang` (HTML gives an element the language of its
 *    ancestors), in the visitor's region when the page names a bare language of the browser's own ("en" on
 *    a page read in an en-GB browser keeps British dates); the iframe page says its negotiated language so;
 * 3. else the browser's own locale, as before.
 * A value that is not a tag Intl accepts is passed over.
 */
function canonical(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export function widgetLocale(attribute: string | undefined, pageLang: string | null | undefined, browser: string): string {
  const own = canonical(attribute);
  if (own) return own;
  const page = canonical(pageLang?.trim());
  if (!page) return browser;
  const language = new Intl.Locale(page).language;
  return page === language && canonical(browser) && new Intl.Locale(browser).language === language ? browser : page;
}

/** The browser's locale: what Intl formats in when given none. */
export function browserLocale(): string {
  return new Intl.DateTimeFormat().resolvedOptions().locale;
}
