import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { SCOPE_DESCRIPTIONS, SUPPORTED_SCOPES, isSupportedScope, scopeMessageKey, type SupportedScope } from "@/lib/oauth/scopes";

export interface ScopeInWords {
  scope: string;
  words: string;
}

/**
 * What an app may do, in plain words: the scopes we know in the consent screen's order (openid first),
 * then any scope we have no words for under its own name, so a member is never shown less than the app
 * was given. `describe` words a known scope: lib's English (SCOPE_DESCRIPTIONS) unless given.
 */
export function scopesInWords(scopes: readonly string[], describe: (scope: SupportedScope) => string = (scope) => SCOPE_DESCRIPTIONS[scope]): ScopeInWords[] {
  const known = SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => ({ scope, words: describe(scope) }));
  const unknown = [...new Set(scopes.filter((scope) => !isSupportedScope(scope)))].map((scope) => ({ scope, words: scope }));
  return [...known, ...unknown];
}

/**
 * `scopesInWords` in the page's language (issue 41): each known scope's words are its "Scopes" message,
 * the consent screen's. A scope lib knows that has no message yet is said in lib's English on an English page, and by its
 * own name on a page in another language. The page's message provider must carry "Scopes".
 */
// i18n-uses: Scopes.*
export function useScopesInWords(): (scopes: readonly string[]) => ScopeInWords[] {
  const locale = useLocale();
  const t = useTranslations("Scopes");
  return useMemo(() => {
    const describe = (scope: SupportedScope) => {
      const key = scopeMessageKey(scope) as never;
      if (t.has(key)) return t(key);
      return locale === "en" ? SCOPE_DESCRIPTIONS[scope] : scope;
    };
    return (scopes) => scopesInWords(scopes, describe);
  }, [locale, t]);
}
