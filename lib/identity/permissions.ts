/**
 * The permissions (`resource:action`) that make someone church staff: every one the staff API
 * (/api/v1/admin) asks for. Holding any of them shortens the sign-in session and, at the staff API,
 * requires a second factor (docs/decisions/0018-least-privilege.md). Roles hold permissions in the
 * database; this list only says which of them are the office's.
 */
export const STAFF_PERMISSIONS = [
  "users:read",
  "users:write",
  "roles:write",
  "events:read",
  "events:write",
  "clients:read",
  "clients:write",
  "membership:read",
  "membership:write",
  "families:read",
  "families:write",
  "audit:read",
  "attendance:read",
  "attendance:write",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Held by administrators alone: raising anyone's rights, and reading what every staff member did. */
export const ADMIN_ONLY_PERMISSIONS: readonly StaffPermission[] = ["roles:write", "audit:read"];

/**
 * What a check-in kiosk's enrolling account must hold (docs/decisions/0023): the `kiosk` role of check-in
 * volunteers has it, and so do staff and administrators. Not a staff permission: the kiosk API is not the
 * staff API, and holding it must not give a volunteer's sign-in, and so the kiosk's session, staff lifetimes.
 */
export const KIOSK_PERMISSION = "attendance:kiosk";
