import "server-only";
import type { Database } from "../db/database.ts";
import { scopesToConsent, type RequestedClaims } from "../oauth/claims-request.ts";
import { describeScopes, parseScope, scopeAllowedForClient, type SupportedScope } from "../oauth/scopes.ts";

export interface ConsentPrompt {
  clientId: string;
  clientName: string;
  /** Requested scopes the client may ask for, in plain words. */
  scopes: { scope: SupportedScope; description: string }[];
}

/**
 * What the consent screen shows for a parked request: the client's name and each requested scope in plain
 * words. Only scopes the client is registered for are listed (and granted), whatever the request says.
 */
export async function getConsentPrompt(database: Database, params: { client_id: string; scope: string; claims?: RequestedClaims }): Promise<ConsentPrompt | null> {
  const client = await database.prisma.client.findFirst({
    where: { id: params.client_id, disabledAt: null },
    select: { id: true, name: true, scopes: true, firstParty: true },
  });
  if (!client) return null;
  // Claims asked for by name need their scope's consent too (lib/oauth/claims-request.ts).
  const requested = parseScope(scopesToConsent(params)).filter((scope) => client.scopes.includes(scope) && scopeAllowedForClient(scope, client.firstParty));
  return { clientId: client.id, clientName: client.name, scopes: describeScopes(requested) };
}
