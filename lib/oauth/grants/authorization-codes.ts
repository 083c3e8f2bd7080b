import "server-only";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { RequestedClaims } from "../claims-request.ts";
import { AUTHORIZATION_CODE_TTL_SECONDS } from "../config.ts";

/**
 * Authorization codes: 256 random bits, stored hashed, valid 60 seconds, single use. Consuming one is a
 * single conditional UPDATE, so a code races to exactly one winner across instances. Raw SQL throughout:
 * the code exchange of the token endpoint (docs/decisions/0019, reason 3).
 */
export interface CodeGrantInput {
  clientId: string;
  userId: string;
  sessionId: string;
  redirectUri: string;
  scope: string;
  nonce: string | null;
  /** Null when the request relied on its nonce instead of PKCE (a client with require_pkce off). */
  codeChallenge: string | null;
  claims: RequestedClaims | null;
  authTime: Date;
  amr: string[];
}

export async function issueAuthorizationCode(database: Database, input: CodeGrantInput): Promise<string> {
  const code = randomToken(32);
  await database.query(
    `INSERT INTO authorization_code
       (code_hash, client_id, user_id, session_id, redirect_uri, scope, nonce, code_challenge, auth_time, amr, expires_at, claims)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11), $12::jsonb)`,
    [
      hashToken(code),
      input.clientId,
      input.userId,
      input.sessionId,
      input.redirectUri,
      input.scope,
      input.nonce,
      input.codeChallenge,
      input.authTime,
      input.amr,
      AUTHORIZATION_CODE_TTL_SECONDS,
      input.claims ? JSON.stringify(input.claims) : null,
    ],
  );
  return code;
}

export interface ConsumedCode extends CodeGrantInput {
  codeHash: string;
  expired: boolean;
}

export type ConsumeResult =
  | { outcome: "consumed"; code: ConsumedCode }
  | { outcome: "replayed"; grantId: string | null }
  | { outcome: "unknown" };

interface CodeRow {
  code_hash: string;
  client_id: string;
  user_id: string;
  session_id: string;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  code_challenge: string | null;
  claims: RequestedClaims | null;
  auth_time: Date;
  amr: string[];
  expired: boolean;
}

export async function consumeAuthorizationCode(database: Database, code: string): Promise<ConsumeResult> {
  const codeHash = hashToken(code);
  const [row] = await database.query<CodeRow>(
    `UPDATE authorization_code SET used_at = now()
      WHERE code_hash = $1 AND used_at IS NULL
      RETURNING code_hash, client_id, user_id, session_id, redirect_uri, scope, nonce, code_challenge, claims,
                auth_time, amr, expires_at <= now() AS expired`,
    [codeHash],
  );
  if (row) {
    return {
      outcome: "consumed",
      code: {
        codeHash: row.code_hash,
        clientId: row.client_id,
        userId: row.user_id,
        sessionId: row.session_id,
        redirectUri: row.redirect_uri,
        scope: row.scope,
        nonce: row.nonce,
        codeChallenge: row.code_challenge,
        claims: row.claims,
        authTime: new Date(row.auth_time),
        amr: row.amr,
        expired: row.expired,
      },
    };
  }
  // Spent already: mark the replay, so an exchange still in flight sees it (recordGrantOfCode) and
  // revokes what it issues, and take the grant an earlier exchange created, to revoke it here.
  const [spent] = await database.query<{ grant_id: string | null }>(
    `UPDATE authorization_code SET replayed_at = now() WHERE code_hash = $1 RETURNING grant_id`,
    [codeHash],
  );
  return spent ? { outcome: "replayed", grantId: spent.grant_id } : { outcome: "unknown" };
}

/**
 * Links the grant created by a code's exchange to the code, so a later replay can revoke it. Answers
 * whether a replay already arrived meanwhile: then the caller must revoke the grant itself.
 */
export async function recordGrantOfCode(database: Database, codeHash: string, grantId: string): Promise<{ replayed: boolean }> {
  const [row] = await database.query<{ replayed: boolean }>(
    `UPDATE authorization_code SET grant_id = $2 WHERE code_hash = $1 RETURNING replayed_at IS NOT NULL AS replayed`,
    [codeHash, grantId],
  );
  return { replayed: row?.replayed ?? false };
}
