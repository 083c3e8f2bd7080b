import "server-only";
import type { RequestedClaims } from "./claims-request.ts";
import type { Database } from "../db/database.ts";
import { LIVE_SESSION_SQL } from "../sessions/live-session-sql.ts";
import type { VerifiedAccessToken } from "./tokens.ts";

/**
 * Whether a verified access token is still good on our side, in one round trip:
 * - its jti not revoked (RFC 7009);
 * - its grant not revoked (refresh reuse, code replay, consent removed) and, for an `offline_access` grant,
 *   not past its absolute maximum;
 * - its session not ended: not revoked and, unless the grant is an offline one, neither past its absolute end
 *   nor idle too long (docs/decisions/0018);
 * - its client still registered and not disabled.
 * It also returns what the /api/v1 guard needs so it makes no second query: the member's permissions from
 * their roles, the client's registered scopes and whether it is first-party (decision 0017), and the campus
 * it is a check-in kiosk of and that campus's networks (decision 0023).
 */
export interface TokenLiveness {
  live: boolean;
  permissions: string[];
  /** Only first-party clients (the portal) may use account control and staff rights. */
  firstPartyClient: boolean;
  /** The scopes the client is registered for today. */
  clientScopes: string[];
  /** The claims the grant's authorization asked for by name (OIDC Core 5.5), for userinfo. */
  requestedClaims: RequestedClaims | null;
  /** The campus the client is a check-in kiosk of (docs/decisions/0023), or null: the kiosk API's guard. */
  checkInCampusId: string | null;
  /** The client's networks (lib/oauth/clients/allowed-networks.ts): where its tokens may be used. Empty: anywhere. */
  allowedNetworks: string[];
}

interface LivenessRow {
  live: boolean;
  permissions: string[] | null;
  first_party: boolean | null;
  client_scopes: string[] | null;
  grant_claims: RequestedClaims | null;
  check_in_campus_id: string | null;
  allowed_networks: string[] | null;
}

export async function checkTokenLiveness(database: Database, token: VerifiedAccessToken, withPermissions = false): Promise<TokenLiveness> {
  // Raw on purpose: the bearer guard of every /api/v1 call, one statement (docs/decisions/0019, reason 3).
  const [row] = await database.query<LivenessRow>(
    `WITH c AS (SELECT first_party, scopes, check_in_campus_id, allowed_networks FROM client WHERE id = $6 AND disabled_at IS NULL),
          g AS (SELECT offline_until, claims FROM oauth_grant WHERE id = $3::uuid AND revoked_at IS NULL)
     SELECT NOT EXISTS (SELECT 1 FROM revoked_access_token WHERE jti = $1)
            AND EXISTS (SELECT 1 FROM c)
            AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM g WHERE offline_until IS NULL OR offline_until > now()))
            AND ($2::uuid IS NULL OR EXISTS (
              SELECT 1 FROM session s
               WHERE s.id = $2::uuid AND s.revoked_at IS NULL
                 AND (EXISTS (SELECT 1 FROM g WHERE offline_until IS NOT NULL) OR ${LIVE_SESSION_SQL})))
            AS live,
            CASE WHEN $4::boolean THEN ARRAY(
              SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id, unnest(r.permissions) AS p
               WHERE ur.user_id = $5::uuid ORDER BY p
            ) END AS permissions,
            (SELECT first_party FROM c) AS first_party,
            (SELECT scopes FROM c) AS client_scopes,
            (SELECT claims FROM g) AS grant_claims,
            (SELECT check_in_campus_id FROM c) AS check_in_campus_id,
            (SELECT allowed_networks FROM c) AS allowed_networks`,
    // Only a member's token asks for permissions, so `sub` is then a user id (the primary key's index applies).
    [token.jti, token.sid, token.grantId, withPermissions, withPermissions ? token.sub : null, token.clientId],
  );
  return {
    live: row?.live ?? false,
    permissions: row?.permissions ?? [],
    firstPartyClient: row?.first_party ?? false,
    clientScopes: row?.client_scopes ?? [],
    requestedClaims: row?.grant_claims ?? null,
    checkInCampusId: row?.check_in_campus_id ?? null,
    allowedNetworks: row?.allowed_networks ?? [],
  };
}
