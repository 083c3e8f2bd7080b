import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { getClient } from "../oauth/clients/get-client.ts";
import { scopeAllowedForClient } from "../oauth/scopes.ts";
import { grantConsent } from "./grant-consent.ts";
import { CONSENT_STATUS, type ConsentBody, type CreateConsentBody } from "./schemas.ts";

export interface CreatedConsent {
  consent: ConsentBody;
  /** A new grant (first time, or after a revocation): the route answers 201; a merge answers 200. */
  created: boolean;
}

/**
 * POST /api/v1/consents/me (decisions.md part 3): the client must be registered and every scope one it may
 * ask for, else `invalid_request` saying which. Granting again merges the scopes into the existing consent.
 */
export async function createConsent(database: Database, userId: string, body: CreateConsentBody, context: RequestContext): Promise<CreatedConsent> {
  const client = await getClient(database, body.client_id);
  if (!client) throw new IdentityError("invalid_request", "client_id: no such client");
  const refused = body.scopes.filter((scope) => !client.scopes.includes(scope) || !scopeAllowedForClient(scope, client.firstParty));
  if (refused.length > 0) {
    throw new IdentityError("invalid_request", `scopes: not allowed for this client: ${refused.join(" ").slice(0, 200)}`);
  }
  const granted = await grantConsent(database, { userId, clientId: client.id, scopes: body.scopes, context });
  return {
    consent: {
      id: granted.id,
      client_id: granted.clientId,
      scopes: granted.scopes,
      status: CONSENT_STATUS.granted,
      granted_at: granted.grantedAt.toISOString(),
    },
    created: granted.created || granted.regranted,
  };
}
