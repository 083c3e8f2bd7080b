import "server-only";
import { sql } from "../db.ts";
import { ConsentSchema, ListedConsentSchema, type ConsentBody, type ListedConsent } from "./schemas.ts";

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

/** Every consent of the member with its app's name, granted ones first, newest grant first. */
export async function listConsents(userId: string): Promise<ListedConsent[]> {
  const rows = await sql<ConsentRow & { client_name: string }>(
    `SELECT c.id, c.client_id, c.scopes, c.status, c.granted_at, c.revoked_at, cl.name AS client_name
       FROM consent c JOIN client cl ON cl.id = c.client_id
      WHERE c.user_id = $1
      ORDER BY c.status = 'granted' DESC, c.granted_at DESC, c.id`,
    [userId],
  );
  return rows.map((row) => ListedConsentSchema.parse({ ...consentBodyFromRow(row), client_name: row.client_name }));
}
