import { ADMIN_ONLY_PERMISSIONS, KIOSK_PERMISSION, STAFF_PERMISSIONS } from "./permissions.ts";

/**
 * The roles every church has, written by the server at start-up (lib/system/ensure-built-ins.ts) so an empty
 * database works: registration gives `member`, guardianships give `guardian`, and the first administrator is
 * made with `npm run admin:create`. Their permissions are the product's: a start-up after an upgrade brings
 * them up to date.
 */
export const BUILT_IN_ROLES = [
  {
    name: "member",
    description: "Every member: their own profile, consents and sessions",
    permissions: ["profile:read", "profile:write", "consents:read", "consents:write", "sessions:read", "sessions:write"],
  },
  {
    name: "guardian",
    description: "A parent or guardian acting for their dependants",
    permissions: ["guardian:act_as"],
  },
  {
    name: "staff",
    description: "Church staff: members, events, clients, membership and families",
    // Every staff permission except the administrators' own: assigning roles and reading the audit log.
    permissions: [...STAFF_PERMISSIONS.filter((permission) => !ADMIN_ONLY_PERMISSIONS.includes(permission)), KIOSK_PERMISSION],
  },
  {
    name: "admin",
    description: "Administrators: everything staff do, assigning roles and reading the audit log",
    // Every staff permission there is (./permissions.ts).
    permissions: [...STAFF_PERMISSIONS, KIOSK_PERMISSION],
  },
  {
    name: "kiosk",
    description: "Check-in volunteers: enrol a lobby kiosk of a campus (docs/decisions/0023)",
    permissions: [KIOSK_PERMISSION],
  },
] as const;

export type BuiltInRoleName = (typeof BUILT_IN_ROLES)[number]["name"];
