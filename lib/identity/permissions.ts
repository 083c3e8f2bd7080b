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
  "people:import",
  "families:read",
  "families:write",
  "audit:read",
  "attendance:read",
  "attendance:write",
  "settings:write",
  "church:export",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Held by administrators alone: raising anyone's rights, reading what every staff member did, the church's own settings, and downloading all of its data. */
export const ADMIN_ONLY_PERMISSIONS: readonly StaffPermission[] = ["roles:write", "audit:read", "settings:write", "church:export"];

/**
 * What a check-in kiosk's enrolling account must hold (docs/decisions/0023): the `kiosk` role of check-in
 * volunteers has it, and so do staff and administrators. Not a staff permission: the kiosk API is not the
 * staff API, and holding it must not give a volunteer's sign-in, and so the kiosk's session, staff lifetimes.
 */
export const KIOSK_PERMISSION = "attendance:kiosk";

/**
 * Powers over other people and the church's records: every staff permission, and enrolling a lobby kiosk.
 * A member's own permissions (their profile, consents, sessions) are everyone's, and a guardian's comes
 * from a guardianship, not from anyone's choice, so neither counts. Acting on an account that holds any of
 * these (disabling it, enabling it, ending its sessions, changing its roles) needs every one it holds and a
 * recent sign-in (lib/users/assert-may-act-on-account.ts, docs/decisions/0018).
 */
export const ELEVATED_PERMISSIONS: readonly string[] = [...STAFF_PERMISSIONS, KIOSK_PERMISSION];
