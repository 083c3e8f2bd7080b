import { SCOPE_DESCRIPTIONS, SUPPORTED_SCOPES, isSupportedScope } from "@/lib/oauth/scopes";

export interface ScopeInWords {
  scope: string;
  words: string;
}

/**
 * What an app may do, in plain words: the scopes we know in the consent screen's order (openid first),
 * then any scope we have no words for under its own name, so a member is never shown less than the app
 * was given.
 */
export function scopesInWords(scopes: readonly string[]): ScopeInWords[] {
  const known = SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => ({ scope, words: SCOPE_DESCRIPTIONS[scope] }));
  const unknown = [...new Set(scopes.filter((scope) => !isSupportedScope(scope)))].map((scope) => ({ scope, words: scope }));
  return [...known, ...unknown];
}
