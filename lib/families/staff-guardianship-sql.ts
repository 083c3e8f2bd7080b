import { isoTimestamp } from "../staff-lists/paging.ts";

/** A guardianship as staff see it (AdminGuardianship, ./staff-schemas.ts), as JSON over `g` and its two accounts `ga` and `da`. */
export const STAFF_GUARDIANSHIP_JSON = `json_build_object(
    'id', g.id,
    'guardian', json_build_object('id', ga.id, 'email', ga.email, 'given_name', ga.given_name, 'family_name', ga.family_name),
    'dependent', json_build_object('id', da.id, 'email', da.email, 'given_name', da.given_name, 'family_name', da.family_name, 'birth_date', da.birth_date),
    'created_at', ${isoTimestamp("g.created_at")}, 'ended_at', ${isoTimestamp("g.ended_at")}
  )::text AS json`;

export const GUARDIANSHIP_FROM = `guardianship g JOIN account ga ON ga.id = g.guardian_id JOIN account da ON da.id = g.dependent_id`;
