import { getTranslations } from "next-intl/server";
import { scopeMessageKey } from "@/lib/oauth/scopes";

/**
 * What an app asks for, in the page's language (issue 41): the consent screen's and /device's lines. lib's
 * describeScopes words each scope in English (lib/oauth/scopes.ts); the "Scopes" messages say the same per
 * scope, English's word for word (scope-words.test.ts holds the two together). A scope with no message yet
 * keeps lib's English.
 */
// i18n-uses: Scopes.*

export interface ScopeLine {
  scope: string;
  description: string;
}

/** The words of the "Scopes" namespace, as next-intl's and lib/i18n/translator.ts's translators give them. */
export interface ScopeWords {
  (key: never): string;
  has(key: never): boolean;
}

/** Each line's description in the translator's language, lib's English where there is no message. */
export function linesInWords<Line extends ScopeLine>(lines: readonly Line[], words: ScopeWords): Line[] {
  return lines.map((line) => {
    const key = scopeMessageKey(line.scope) as never;
    return words.has(key) ? { ...line, description: words(key) } : line;
  });
}

/** linesInWords in the language of the page being rendered. */
export async function scopeLinesInPageLanguage<Line extends ScopeLine>(lines: readonly Line[]): Promise<Line[]> {
  return linesInWords(lines, await getTranslations("Scopes"));
}
