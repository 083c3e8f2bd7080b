import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { createGuardianship } from "./create-guardianship.ts";
import { isMinorOn, latestBirthDateOfAge, utcDate } from "./majority.ts";
import { GuardianshipAnswerSchema, MyGuardiansSchema, type GuardianshipAnswer, type MyGuardians } from "./schemas.ts";

/**
 * Guardianship requests (issue 17, docs/decisions/0013): a household's adult is asked to become the
 * guardian of a minor in it who signs in themselves, and only that minor's "yes" (or staff's API) makes
 * it a guardianship. A family code shared too widely must not let a stranger act for someone's teenager.
 *
 * Asked in the join's own transaction: when such a minor joins as a child (one request per adult there),
 * and when an adult joins a household with such minors (one per minor). A request declined before is asked
 * again only by joining again; one already a live guardianship is not asked.
 */
export async function requestGuardianshipsOnJoin(
  tx: Database,
  familyId: string,
  joinerId: string,
  role: "adult" | "child",
  context: RequestContext,
  now: Date,
  /** Only these members of the household are paired with the joiner (a merge: those who were there before); all of them when absent. */
  partners?: readonly string[],
): Promise<void> {
  const ofAgeFrom = latestBirthDateOfAge(utcDate(now), env().AGE_OF_MAJORITY);
  // Raw: an insert from a select, with a condition on the conflict (docs/decisions/0019, reason 2).
  const asked = await tx.query<{ guardian_id: string; dependent_id: string }>(
    `WITH pairs AS (
       SELECT CASE WHEN $3 = 'child' THEN other.user_id ELSE $2::uuid END AS guardian_id,
              CASE WHEN $3 = 'child' THEN $2::uuid ELSE other.user_id END AS dependent_id
         FROM family_member other
        WHERE other.family_id = $1::uuid AND other.user_id <> $2::uuid AND other.role = CASE WHEN $3 = 'child' THEN 'adult' ELSE 'child' END
          AND ($6::uuid[] IS NULL OR other.user_id = ANY($6::uuid[]))
     )
     INSERT INTO guardianship_request AS r (guardian_id, dependent_id, family_id, created_at)
     SELECT p.guardian_id, p.dependent_id, $1::uuid, $4::timestamptz
       FROM pairs p JOIN account d ON d.id = p.dependent_id
      WHERE d.email IS NOT NULL AND d.birth_date IS NOT NULL AND d.birth_date > $5
        AND NOT EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = p.guardian_id AND g.dependent_id = p.dependent_id AND g.ended_at IS NULL)
     ON CONFLICT (guardian_id, dependent_id) DO UPDATE SET family_id = EXCLUDED.family_id, created_at = EXCLUDED.created_at, decision = NULL, decided_at = NULL
     RETURNING guardian_id::text AS guardian_id, dependent_id::text AS dependent_id`,
    [familyId, joinerId, role, now, ofAgeFrom, partners ?? null],
  );
  for (const pair of asked) {
    const detail = { family_id: familyId, guardian_id: pair.guardian_id, dependent_id: pair.dependent_id };
    await recordSecurityEvent(tx, { userId: pair.guardian_id, type: "guardianship_requested", context, detail });
    await recordSecurityEvent(tx, { userId: pair.dependent_id, type: "guardianship_requested", context, detail });
  }
}

/** GET /api/v1/users/me/guardians: the caller's guardians, and the adults waiting for their answer. */
export async function listMyGuardians(database: Database, userId: string): Promise<MyGuardians> {
  const guardians = await database.query<{ user_id: string; name: string; since: Date }>(
    `SELECT a.id::text AS user_id, a.given_name || ' ' || a.family_name AS name, g.created_at AS since
       FROM guardianship g JOIN account a ON a.id = g.guardian_id
      WHERE g.dependent_id = $1::uuid AND g.ended_at IS NULL ORDER BY g.created_at, a.id`,
    [userId],
  );
  const requests = await database.query<{ id: string; user_id: string; name: string; family_name: string; requested_at: Date }>(
    `SELECT r.id::text AS id, a.id::text AS user_id, a.given_name || ' ' || a.family_name AS name, f.name AS family_name, r.created_at AS requested_at
       FROM guardianship_request r JOIN account a ON a.id = r.guardian_id JOIN family f ON f.id = r.family_id
      WHERE r.dependent_id = $1::uuid AND r.decision IS NULL ORDER BY r.created_at, r.id`,
    [userId],
  );
  return MyGuardiansSchema.parse({
    guardians: guardians.map((row) => ({ user_id: row.user_id, name: row.name, since: new Date(row.since).toISOString() })),
    requests: requests.map((row) => ({ id: row.id, guardian: { user_id: row.user_id, name: row.name }, family_name: row.family_name, requested_at: new Date(row.requested_at).toISOString() })),
  });
}

export const OF_AGE = "you are of age: no one becomes your guardian";

/**
 * POST /api/v1/users/me/guardians/requests/{id}/confirm or /decline: the dependant answers, once. "Yes"
 * makes the guardianship (and gives the adult the guardian role); both logs say what was answered. Someone
 * else's request, or one already answered, is `not_found`; a member of age cannot confirm (`conflict`).
 */
export async function answerGuardianshipRequestOrThrow(
  database: Database,
  userId: string,
  requestId: string,
  decision: "confirmed" | "declined",
  context: RequestContext,
  now = new Date(),
): Promise<GuardianshipAnswer> {
  if (!isUuid(requestId)) throw notFound("guardianship request");
  return database.transaction(async (tx) => {
    const [request] = await tx.query<{ guardian_id: string; family_id: string; birth_date: string | null }>(
      `SELECT r.guardian_id::text AS guardian_id, r.family_id::text AS family_id, d.birth_date
         FROM guardianship_request r JOIN account d ON d.id = r.dependent_id
        WHERE r.id = $1::uuid AND r.dependent_id = $2::uuid AND r.decision IS NULL FOR UPDATE OF r`,
      [requestId, userId],
    );
    if (!request) throw notFound("guardianship request");
    if (decision === "confirmed") {
      if (!isMinorOn(request.birth_date, utcDate(now), env().AGE_OF_MAJORITY)) throw new IdentityError("conflict", OF_AGE);
      await createGuardianship(tx, request.guardian_id, userId, now);
    }
    await tx.query(`UPDATE guardianship_request SET decision = $2, decided_at = $3 WHERE id = $1::uuid`, [requestId, decision, now]);
    const detail = { family_id: request.family_id, guardian_id: request.guardian_id, dependent_id: userId };
    const type = decision === "confirmed" ? "guardianship_confirmed" : "guardianship_declined";
    await recordSecurityEvent(tx, { userId, type, context, detail });
    await recordSecurityEvent(tx, { userId: request.guardian_id, type, context, detail });
    return GuardianshipAnswerSchema.parse({ id: requestId, status: decision });
  });
}
