import "server-only";
import { sql } from "../../db.ts";

export interface NewGrant {
  clientId: string;
  userId: string;
  sessionId: string | null;
  scope: string;
  authTime: Date;
  amr: string[];
}

/** Starts a refresh-token family for one authorization. */
export async function createGrant(grant: NewGrant): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO oauth_grant (client_id, user_id, session_id, scope, auth_time, amr)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [grant.clientId, grant.userId, grant.sessionId, grant.scope, grant.authTime, grant.amr],
  );
  return row!.id;
}
