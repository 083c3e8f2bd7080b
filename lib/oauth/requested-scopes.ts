import type { OAuthClient } from "./clients/get-client.ts";
import { OAuthError } from "./errors.ts";
import { isSupportedScope, parseScope, scopeAllowedForClient } from "./scopes.ts";

/**
 * The scopes of an authorization or device request, as granted if the member agrees: a value we do not
 * know is ignored (OIDC Core 3.1.2.1), one we know but the client may not hold is refused, and so is a
 * request left with none.
 */
export function requestedScopes(scopeText: string | null, client: Pick<OAuthClient, "scopes" | "firstParty">): string[] {
  const asked = parseScope(scopeText);
  if (asked.length === 0) throw new OAuthError("invalid_scope", "scope is required");
  const scopes = asked.filter(isSupportedScope);
  if (scopes.length === 0) throw new OAuthError("invalid_scope", "scope names no scope this server supports");
  const refused = scopes.filter((scope) => !client.scopes.includes(scope) || !scopeAllowedForClient(scope, client.firstParty));
  if (refused.length > 0) throw new OAuthError("invalid_scope", `scope not allowed for this client: ${refused.join(" ").slice(0, 200)}`);
  return scopes;
}
