import { isoTimestamp } from "../staff-lists/paging.ts";

/**
 * An account as staff see it (the AdminUser shape, lib/users/staff-schemas.ts), as the columns of `account a`:
 * every column answered is named, so the password hash, TOTP secret and codes are never read.
 */
export const STAFF_USER_COLUMNS = `a.id, a.email, a.email_verified_at IS NOT NULL AS email_verified, a.given_name, a.family_name,
  CASE WHEN a.phone_verified_at IS NOT NULL THEN a.phone END AS phone_number,
  ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = a.id ORDER BY r.name) AS roles,
  EXISTS (SELECT 1 FROM totp_credential t WHERE t.user_id = a.id AND t.status = 'confirmed') AS mfa_enabled,
  ${isoTimestamp("a.disabled_at")} AS disabled_at,
  ${isoTimestamp("a.created_at")} AS created_at`;
