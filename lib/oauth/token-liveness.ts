import "server-only";
import { sql } from "../db.ts";
import type { VerifiedAccessToken } from "./tokens.ts";

/**
 * Whether a verified access token is still good on our side: not revoked by jti (RFC 7009), its grant
 * not revoked (refresh reuse, code replay, consent removed), its session not ended. One round trip,
 * also returning the member's permissions from their roles so the /api/v1 guard needs no second query.
 */
export interface TokenLiveness {
  live: boolean;
  permissions: string[];
  /** Whether the token's client is first-party (the portal): only then do staff permissions count (decision 0017). */
  firstPartyClient: boolean;
}

export async function checkTokenLiveness(token: VerifiedAccessToken, withPermissions = false): Promise<TokenLiveness> {
  const [row] = await sql<{ live: boolean; permissions: string[] | null; first_party: boolean | null }>(
    `SELECT NOT EXISTS (SELECT 1 FROM revoked_access_token WHERE jti = $1)
            AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM session WHERE id = $2::uuid AND revoked_at IS NULL))
            AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM oauth_grant WHERE id = $3::uuid AND revoked_at IS NULL))
            AS live,
            CASE WHEN $4::boolean THEN ARRAY(
              SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id, unnest(r.permissions) AS p
               WHERE ur.user_id = $5::uuid ORDER BY p
            ) END AS permissions,
            CASE WHEN $4::boolean THEN (SELECT first_party FROM client WHERE id = $6) END AS first_party`,
    // Only a member's token asks for permissions, so `sub` is then a user id (the primary key's index applies).
    [token.jti, token.sid, token.grantId, withPermissions, withPermissions ? token.sub : null, withPermissions ? token.clientId : null],
  );
  return { live: row?.live ?? false, permissions: row?.permissions ?? [], firstPartyClient: row?.first_party ?? false };
}
