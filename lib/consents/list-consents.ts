import "server-only";
import { sql } from "../db.ts";
import { ConsentSchema, type ConsentBody } from "./schemas.ts";

interface ConsentRow {
  id: string;
  client_id: string;
  scopes: string[];
  status: "granted" | "revoked";
  granted_at: Date;
  revoked_at: Date | null;
}

export function consentBodyFromRow(row: ConsentRow): ConsentBody {
  return ConsentSchema.parse({
    id: row.id,
    client_id: row.client_id,
    scopes: row.scopes,
    status: row.status,
    granted_at: new Date(row.granted_at).toISOString(),
    ...(row.revoked_at ? { revoked_at: new Date(row.revoked_at).toISOString() } : {}),
  });
}

export const CONSENT_COLUMNS = "id, client_id, scopes, status, granted_at, revoked_at";

/** Every consent of the member, granted ones first, newest grant first. */
export async function listConsents(userId: string): Promise<ConsentBody[]> {
  const rows = await sql<ConsentRow>(
    `SELECT ${CONSENT_COLUMNS} FROM consent WHERE user_id = $1
      ORDER BY status = 'granted' DESC, granted_at DESC, id`,
    [userId],
  );
  return rows.map(consentBodyFromRow);
}
