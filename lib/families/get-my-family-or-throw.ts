import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { familyCodeBody } from "./family-code.ts";
import { FamilySchema, type Family, type FamilyRole } from "./schemas.ts";

interface MemberRow {
  family_id: string;
  name: string;
  code_encrypted: string;
  code_expires_at: Date;
  code_uses: number;
  user_id: string;
  given_name: string;
  family_name: string;
  role: FamilyRole;
  joined_at: Date;
  has_sign_in: boolean;
  birth_date: string | null;
  notes: string | null;
}

/**
 * GET /api/v1/families/me: the caller's family and its members (adults first, then by when they joined),
 * names and roles, and whether each signs in. Its adults also get the children's birth dates and notes, and
 * the current code. Without a family: `not_found`.
 */
export async function getMyFamilyOrThrow(database: Database, userId: string, now = new Date()): Promise<Family> {
  const rows = await database.query<MemberRow>(
    `SELECT f.id AS family_id, f.name, f.code_encrypted, f.code_expires_at, f.code_uses,
            m.user_id, a.given_name, a.family_name, m.role, m.joined_at, a.email IS NOT NULL AS has_sign_in, a.birth_date, m.notes
       FROM family_member mine
       JOIN family f ON f.id = mine.family_id
       JOIN family_member m ON m.family_id = f.id
       JOIN account a ON a.id = m.user_id
      WHERE mine.user_id = $1::uuid
      ORDER BY m.role = 'adult' DESC, m.joined_at, a.given_name, m.user_id`,
    [userId],
  );
  const first = rows[0];
  if (!first) throw notFound("family");
  const yourRole = rows.find((row) => row.user_id === userId)!.role;
  return FamilySchema.parse({
    family_id: first.family_id,
    name: first.name,
    your_role: yourRole,
    members: rows.map((row) => ({
      user_id: row.user_id,
      given_name: row.given_name,
      family_name: row.family_name,
      role: row.role,
      joined_at: new Date(row.joined_at).toISOString(),
      you: row.user_id === userId,
      has_sign_in: row.has_sign_in,
      // A child's birth date and notes are for the family's adults (and staff), never for the other children.
      ...(yourRole === "adult" && row.role === "child" ? { birth_date: row.birth_date, notes: row.notes } : {}),
    })),
    ...(yourRole === "adult" ? { code: await familyCodeBody(first, now) } : {}),
  });
}
