import "server-only";
import { hashToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";

/**
 * Remembers a one-time value (a DPoP proof's `jti`, a relayed header's nonce) until it could no longer be
 * accepted anyway, and answers whether this was its first use. A row in PostgreSQL, so a value used on one
 * instance is refused by the other; only its hash is kept. Rows past `expires_at` are swept by
 * `npm run cleanup:expired`. `key` must name its purpose, so values of two purposes never meet.
 */
export async function firstUse(database: Database, key: string, ttlSeconds: number): Promise<boolean> {
  // Raw: an insert that answers whether it was new (docs/decisions/0019, reason 2).
  const [fresh] = await database.query<{ jti_hash: string }>(
    `INSERT INTO dpop_proof (jti_hash, expires_at) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (jti_hash) DO NOTHING RETURNING jti_hash`,
    [hashToken(key), ttlSeconds],
  );
  return fresh !== undefined;
}
