/**
 * The scopes this authorization server knows: what each lets a client do, in plain words for the consent
 * screen and /account/apps, the claims each releases (OIDC Core 5.4), and whether an app that is not the
 * church's own may ever be granted it (docs/decisions/0018-least-privilege.md).
 *
 * A token may do only what the member's roles AND its scopes AND its client allow. The standard scopes read
 * who the member is; the `account:*` scopes control the account (one per self-service area) and `staff` the
 * church office: those are for first-party clients only, whatever a registration or a token says.
 * Pure data: shared by pages and routes.
 */
export const SUPPORTED_SCOPES = [
  "openid",
  "profile",
  "email",
  "phone",
  "offline_access",
  "membership",
  "account:sessions",
  "account:mfa",
  "account:recovery",
  "account:consents",
  "account:privacy",
  "account:family",
  "account:dependents",
  "account:linked-identities",
  "account:membership",
  "staff",
  "account:check-in",
  "check-in:kiosk",
  "account:calendar",
  "account:profile",
] as const;
export type SupportedScope = (typeof SUPPORTED_SCOPES)[number];

interface ScopeRule {
  /** What the member is told the app may do. */
  description: string;
  /** Claims released to userinfo and GET /api/v1/users/me. */
  claims: readonly string[];
  /** May an app that is not the church's own ever hold it? */
  thirdParty: boolean;
}

export const SCOPE_RULES: Record<SupportedScope, ScopeRule> = {
  openid: { description: "Confirm who you are when you sign in", claims: ["sub"], thirdParty: true },
  profile: { description: "See your name and language", claims: ["name", "given_name", "family_name", "nickname", "locale", "updated_at"], thirdParty: true },
  email: { description: "See your email address", claims: ["email", "email_verified"], thirdParty: true },
  phone: { description: "See your phone number", claims: ["phone_number", "phone_number_verified"], thirdParty: true },
  offline_access: { description: "Stay connected when you are not using the app", claims: [], thirdParty: true },
  membership: { description: "See whether you are in the church's membership register, and your campus", claims: [], thirdParty: true },
  "account:sessions": { description: "See where you are signed in and your security log, and sign your devices out", claims: [], thirdParty: false },
  "account:mfa": { description: "Turn two-step sign-in on or off and replace its recovery codes", claims: [], thirdParty: false },
  "account:recovery": { description: "Manage your recovery contacts and your mobile number", claims: [], thirdParty: false },
  "account:consents": { description: "Allow apps to use your account, or take their access away", claims: [], thirdParty: false },
  "account:privacy": { description: "Download a copy of your data, or delete your account", claims: [], thirdParty: false },
  "account:family": { description: "Join a family and manage its code", claims: [], thirdParty: false },
  "account:dependents": { description: "Act as guardian for your dependants", claims: [], thirdParty: false },
  "account:linked-identities": { description: "Link or unlink sign-in with other providers", claims: [], thirdParty: false },
  "account:membership": { description: "Find your membership record and claim it", claims: [], thirdParty: false },
  staff: { description: "Use the church office tools your roles allow", claims: [], thirdParty: false },
  "account:check-in": { description: "Show your check-in code, check yourself in and see your attendance", claims: [], thirdParty: false },
  "check-in:kiosk": { description: "Check people in and out at a kiosk of one campus", claims: [], thirdParty: false },
  "account:calendar": { description: "Sign you and your household's children up for events, and see your schedule", claims: [], thirdParty: false },
  "account:profile": { description: "Change your name, your email address and your password", claims: [], thirdParty: false },
};

/** Kept for the pages that only need the words. */
export const SCOPE_DESCRIPTIONS: Record<SupportedScope, string> = Object.fromEntries(
  SUPPORTED_SCOPES.map((scope) => [scope, SCOPE_RULES[scope].description]),
) as Record<SupportedScope, string>;

/**
 * A scope's key in the "Scopes" messages (the member's words for it in every language, issue 41): its name with
 * `:` and `-` as `_`, since a message key takes no dots or colons ("account:check-in" is account_check_in).
 */
export function scopeMessageKey(scope: string): string {
  return scope.replace(/[^A-Za-z0-9]/g, "_");
}

export const CLAIMS_BY_SCOPE: Record<SupportedScope, readonly string[]> = Object.fromEntries(
  SUPPORTED_SCOPES.map((scope) => [scope, SCOPE_RULES[scope].claims]),
) as Record<SupportedScope, readonly string[]>;

/** The scopes any app may be registered for and ask a member to allow. */
export const THIRD_PARTY_SCOPES = SUPPORTED_SCOPES.filter((scope) => SCOPE_RULES[scope].thirdParty) as [SupportedScope, ...SupportedScope[]];
/** The scopes only the church's own (first-party) clients may hold: account control and staff rights. */
export const FIRST_PARTY_SCOPES = SUPPORTED_SCOPES.filter((scope) => !SCOPE_RULES[scope].thirdParty);

/** The scope each self-service area needs (the routes under /api/v1 name them from here). */
export const AREA_SCOPES = {
  membership: "membership",
  sessions: "account:sessions",
  mfa: "account:mfa",
  recovery: "account:recovery",
  consents: "account:consents",
  privacy: "account:privacy",
  family: "account:family",
  dependents: "account:dependents",
  linkedIdentities: "account:linked-identities",
  claimMembership: "account:membership",
  staff: "staff",
  checkIn: "account:check-in",
  kiosk: "check-in:kiosk",
  calendar: "account:calendar",
  profile: "account:profile",
} as const satisfies Record<string, SupportedScope>;
export type AreaScope = (typeof AREA_SCOPES)[keyof typeof AREA_SCOPES];

/** Every claim we issue, each once (the `openid` scope's `sub` is among the ID token's own). */
export const SUPPORTED_CLAIMS = [
  ...new Set(["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "amr", "acr", "sid", ...Object.values(CLAIMS_BY_SCOPE).flat()]),
];

export function isSupportedScope(scope: string): scope is SupportedScope {
  return (SUPPORTED_SCOPES as readonly string[]).includes(scope);
}

/** Whether a client of this kind may ever hold the scope. */
export function scopeAllowedForClient(scope: string, firstPartyClient: boolean): boolean {
  return isSupportedScope(scope) && (firstPartyClient || SCOPE_RULES[scope].thirdParty);
}

/**
 * What a token may really use: the scopes it carries that its client is registered for today and, for a
 * client that is not first-party, that a third party may hold at all. A client's registration can shrink
 * after a token was issued; a first-party flag can be taken away.
 */
export function effectiveScopes(tokenScopes: readonly string[], client: { scopes: readonly string[]; firstParty: boolean }): string[] {
  return tokenScopes.filter((scope) => client.scopes.includes(scope) && scopeAllowedForClient(scope, client.firstParty));
}

/** Splits a space-delimited scope parameter (RFC 6749 3.3) into unique values, order kept. */
export function parseScope(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(" ").filter(Boolean))];
}

/** Plain-words lines for a list of scopes, for people (in SUPPORTED_SCOPES order, unknown scopes skipped). */
export function describeScopes(scopes: readonly string[]): { scope: SupportedScope; description: string }[] {
  return SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => ({
    scope,
    description: SCOPE_DESCRIPTIONS[scope],
  }));
}
