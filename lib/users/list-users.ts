import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { AdminUser, AdminUsersQuery } from "./staff-schemas.ts";
import { STAFF_USER_COLUMNS } from "./staff-user-columns.ts";

const USER_SORT = { email: "a.email", familyName: "lower(a.family_name || ' ' || a.given_name)", createdAt: "a.created_at" };

/** Fewer digits than this find too many numbers to be a phone search. */
const MIN_PHONE_DIGITS = 3;

/**
 * The digits a search for a phone number is made of, or null when the text is not a phone number as people
 * type one (digits with spaces, dashes, dots, brackets and a leading +). A national number's trunk 0 (and an
 * international call prefix's 00) is dropped, so "07700 900123" is found in "+447700900123".
 */
export function phoneDigitsOf(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const national = text.trimStart().startsWith("+") ? digits : digits.replace(/^0+/, "");
  return national.length >= MIN_PHONE_DIGITS ? national : null;
}

/**
 * GET /api/v1/admin/users (users:read): accounts, searched by email address or name, or by the digits of
 * the member's verified phone number; filtered by status.
 */
export async function listUsers(database: Database, query: AdminUsersQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    const matches = [`a.email ILIKE $1`, `(a.given_name || ' ' || a.family_name) ILIKE $1`];
    const digits = phoneDigitsOf(query.q);
    if (digits) {
      // Digits only: nothing in the pattern is a LIKE wildcard. Only a number the member proved is theirs.
      values.push(`%${digits}%`);
      matches.push(`(a.phone_verified_at IS NOT NULL AND regexp_replace(a.phone, '[^0-9]', '', 'g') LIKE $2)`);
    }
    conditions.push(`(${matches.join(" OR ")})`);
  }
  if (query.status) conditions.push(query.status === "disabled" ? "a.disabled_at IS NOT NULL" : "a.disabled_at IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  return selectPage<AdminUser>(database, query, { select: STAFF_USER_COLUMNS, from: `account a ${where}`, values, order: orderBy(query.sort, USER_SORT, "a.id") });
}
