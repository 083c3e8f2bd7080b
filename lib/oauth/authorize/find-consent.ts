import "server-only";
import { sql } from "../../db.ts";

/** True when the member has a granted consent for this client that covers every requested scope. */
export async function consentCovers(userId: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
  const [row] = await sql<{ covers: boolean }>(
    `SELECT scopes @> $3::text[] AS covers FROM consent WHERE user_id = $1 AND client_id = $2 AND status = 'granted'`,
    [userId, clientId, scopes],
  );
  return row?.covers ?? false;
}
