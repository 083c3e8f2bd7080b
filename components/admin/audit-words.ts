import type { AdminAuditEntry, AuditSection } from "@/lib/audit/staff-schemas";

/** The staff areas in the filter's words. */
export const SECTION_WORDS: Record<AuditSection, string> = {
  users: "People",
  roles: "Roles",
  families: "Households",
  guardianships: "Guardianships",
  membership: "Membership register",
  clients: "Apps",
  events: "Events",
  campuses: "Campuses",
  ministries: "Ministries",
  webhooks: "Webhooks",
};

/** A path's last word, when it names an action rather than a thing (`/users/{id}/disable`). */
const ACTION_WORDS: Record<string, string> = {
  disable: "Disabled",
  enable: "Enabled",
  roles: "Set the roles of",
  "rotate-secret": "Replaced the secret of",
  publish: "Published",
  cancel: "Cancelled",
  postpone: "Postponed",
  approve: "Approved",
  reject: "Rejected",
  end: "Ended",
  merge: "Merged into",
  unlink: "Unlinked",
};

const METHOD_WORDS: Record<string, string> = { POST: "Added to", PATCH: "Changed", PUT: "Set", DELETE: "Removed from" };

/**
 * What a write did, in a few words for the list ("Disabled · People"); the method and path stay beside it
 * for the exact record. Unknown shapes fall back to the method's word.
 */
export function describeAuditEntry(entry: AdminAuditEntry): string {
  const segments = entry.path.split("/").filter(Boolean);
  const area = SECTION_WORDS[entry.section as AuditSection] ?? entry.section;
  const last = segments.at(-1) ?? "";
  const action = ACTION_WORDS[last] ?? METHOD_WORDS[entry.method] ?? entry.method;
  return `${action} · ${area}`;
}

/** A column's value as the change table shows it: text as is, the rest as JSON, nothing as an em dash. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
