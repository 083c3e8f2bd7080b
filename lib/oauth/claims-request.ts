import { z } from "zod";
import { CLAIMS_BY_SCOPE, SUPPORTED_SCOPES, type SupportedScope } from "./scopes.ts";

/**
 * The `claims` request parameter (OIDC Core 5.5): a client may ask for single claims, for the UserInfo answer
 * or for the ID token, beyond what its scopes release. We honour it for the claims our scopes define (name,
 * email, phone_number, ...), each only when the client may hold that claim's scope; any other claim is
 * ignored, as voluntary claims may be. `essential` changes nothing we release: we never hold back a claim
 * the member allowed. Asking for a claim asks the member for its scope's consent, so the consent screen and
 * "Apps with access" still say, by scope, what the app can see.
 */
export interface RequestedClaims {
  userinfo: string[];
  id_token: string[];
}

const SCOPE_OF_CLAIM = new Map<string, SupportedScope>(
  SUPPORTED_SCOPES.flatMap((scope) => CLAIMS_BY_SCOPE[scope].map((claim) => [claim, scope] as [string, SupportedScope])),
);

const individualClaim = z.union([
  z.null(),
  z.object({ essential: z.boolean().optional(), value: z.unknown().optional(), values: z.array(z.unknown()).optional() }).loose(),
]);
const claimsParameter = z
  .object({ userinfo: z.record(z.string(), individualClaim).optional(), id_token: z.record(z.string(), individualClaim).optional() })
  .loose();

export const CLAIMS_PARAMETER_INVALID = "claims must be a JSON object whose userinfo and id_token members request claims (OIDC Core 5.5)";

/**
 * The claims asked for that this client may be given, or null when none; throws `CLAIMS_PARAMETER_INVALID`
 * (as an Error) when the parameter is not what 5.5 describes.
 */
export function parseClaimsRequest(text: string, mayHold: (scope: SupportedScope) => boolean): RequestedClaims | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(CLAIMS_PARAMETER_INVALID);
  }
  const checked = claimsParameter.safeParse(parsed);
  if (!checked.success) throw new Error(CLAIMS_PARAMETER_INVALID);
  const wanted = (members: Record<string, unknown> | undefined) =>
    Object.keys(members ?? {}).filter((claim) => {
      const scope = SCOPE_OF_CLAIM.get(claim);
      return scope !== undefined && mayHold(scope);
    });
  const requested = { userinfo: wanted(checked.data.userinfo), id_token: wanted(checked.data.id_token) };
  return requested.userinfo.length + requested.id_token.length > 0 ? requested : null;
}

/** The scopes behind the claims asked for by name, for the consent they need. */
export function scopesOfClaims(claims: readonly string[]): SupportedScope[] {
  return [...new Set(claims.map((claim) => SCOPE_OF_CLAIM.get(claim)).filter((scope): scope is SupportedScope => scope !== undefined))];
}

/** What a request needs the member's consent for: its scopes and the scopes of the claims it asked for by name. */
export function scopesToConsent(params: { scope: string; claims?: RequestedClaims | null }): string {
  const scopes = params.scope.split(" ").filter(Boolean);
  const claimScopes = params.claims ? scopesOfClaims([...params.claims.userinfo, ...params.claims.id_token]) : [];
  return [...new Set([...scopes, ...claimScopes])].join(" ");
}

/** Of the claims asked for by name, those whose scope is among `scopes` (the ones the client may still hold). */
export function claimsOfScopes(names: readonly string[], scopes: readonly string[]): string[] {
  return names.filter((name) => {
    const scope = SCOPE_OF_CLAIM.get(name);
    return scope !== undefined && scopes.includes(scope);
  });
}
