/**
 * The scopes this authorization server knows, what each lets a client see in plain words (the consent
 * screen and /account/apps use these), and the claims each releases (OIDC Core 5.4).
 * Pure data: shared by pages and routes.
 */
export const SUPPORTED_SCOPES = ["openid", "profile", "email", "phone", "offline_access"] as const;
export type SupportedScope = (typeof SUPPORTED_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<SupportedScope, string> = {
  openid: "Confirm who you are when you sign in",
  profile: "See your name and language",
  email: "See your email address",
  phone: "See your phone number",
  offline_access: "Stay connected when you are not using the app",
};

export const CLAIMS_BY_SCOPE: Record<SupportedScope, readonly string[]> = {
  openid: ["sub"],
  profile: ["name", "given_name", "family_name", "locale", "updated_at"],
  email: ["email", "email_verified"],
  phone: ["phone_number", "phone_number_verified"],
  offline_access: [],
};

export const SUPPORTED_CLAIMS = [
  "sub",
  "iss",
  "aud",
  "exp",
  "iat",
  "auth_time",
  "nonce",
  "amr",
  "sid",
  ...new Set(Object.values(CLAIMS_BY_SCOPE).flat()),
];

export function isSupportedScope(scope: string): scope is SupportedScope {
  return (SUPPORTED_SCOPES as readonly string[]).includes(scope);
}

/** Splits a space-delimited scope parameter (RFC 6749 3.3) into unique values, order kept. */
export function parseScope(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(" ").filter(Boolean))];
}

/** Plain-words lines for a list of scopes, for people (openid first, unknown scopes skipped). */
export function describeScopes(scopes: readonly string[]): { scope: SupportedScope; description: string }[] {
  return SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => ({
    scope,
    description: SCOPE_DESCRIPTIONS[scope],
  }));
}
