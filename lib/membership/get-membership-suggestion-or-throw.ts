import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { STAFF_SUGGESTION_JSON, SUGGESTION_FROM } from "./staff-membership-sql.ts";
import type { AdminMembershipSuggestion } from "./staff-schemas.ts";

/** One member's request to link a record, as staff see it; unknown or malformed: `not_found`. */
export async function getMembershipSuggestionOrThrow(database: Database, requestId: string): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  const [row] = await database.query<{ json: string }>(`SELECT ${STAFF_SUGGESTION_JSON} FROM ${SUGGESTION_FROM} WHERE q.id = $1::uuid`, [requestId]);
  if (!row) throw notFound("membership suggestion");
  return JSON.parse(row.json) as AdminMembershipSuggestion;
}
