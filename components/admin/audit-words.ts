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
  settings: "Church settings",
};

/** A path's last word, when it names an action rather than a thing (`/users/{id}/disable`). */
const ACTION_WORDS: Record<string, string> = {
  disable: "disabled",
  enable: "enabled",
  roles: "set the roles of",
  "rotate-secret": "replaced the secret of",
  publish: "published",
  cancel: "cancelled",
  postpone: "postponed",
  approve: "approved",
  reject: "turned down",
  end: "ended",
  merge: "merged",
  unlink: "unlinked",
  registration: "set the sign-up of",
  redeliver: "sent again a message of",
  test: "sent a test message to",
};

const METHOD_WORDS: Record<string, string> = { POST: "added", PATCH: "changed", PUT: "set", DELETE: "removed" };

/** What each area's writes act on, as the office calls it. */
const THING_WORDS: Record<AuditSection, string> = {
  users: "the account of",
  roles: "the role",
  families: "the household",
  guardianships: "a guardianship",
  membership: "the membership record of",
  clients: "the app",
  events: "the event",
  campuses: "the campus",
  ministries: "the ministry",
  webhooks: "the website connection",
  settings: "the church's settings",
};

/** Columns that are bookkeeping, not something staff changed. */
const BOOKKEEPING = new Set(["updated_at", "created_at", "public_json", "search_name", "search_email", "search_phone", "start_at", "end_at"]);

/** The name a changed row goes by: an event's title, a campus's name, a person's names, an address. */
function nameOf(row: Record<string, unknown> | null): string | null {
  if (!row) return null;
  for (const key of ["title", "name", "display_name", "url", "email"]) if (typeof row[key] === "string" && row[key]) return row[key] as string;
  const person = [row.given_name, row.family_name].filter((part) => typeof part === "string" && part).join(" ");
  return person || null;
}

/** "start time", from `start_time`: a column as a few words. */
function columnWords(column: string): string {
  return column.replace(/_id$/, "").replace(/_/g, " ");
}

/**
 * What a write did, as a sentence for the list: who, what they did, to what, by its name where the change
 * carries it ("Mary Member published the event “Youth Night”"), and for a change the fields it changed.
 * The method and path stay with the entry for the exact record. Unknown shapes fall back to the method's word.
 */
export function describeAuditEntry(entry: AdminAuditEntry): string {
  // Done on the server's command line (npm run admin:create), not through the staff API.
  if (entry.method === "CLI") return `${entry.actor.name} was made an administrator on the church’s server (${entry.path})`;
  // A download of the whole church (lib/church-export): a read, recorded with the file's name and what it held.
  if (entry.method === "GET" && entry.section === "export") return `${entry.actor.name} downloaded all of the church’s data${entry.changes[0] ? ` (${entry.changes[0].id})` : ""}`;
  const segments = entry.path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const action = ACTION_WORDS[last] ?? METHOD_WORDS[entry.method] ?? entry.method.toLowerCase();
  const thing = THING_WORDS[entry.section as AuditSection] ?? `a record in ${entry.section}`;
  const first = entry.changes[0];
  const name = first ? (nameOf(first.after) ?? nameOf(first.before)) : null;
  return `${entry.actor.name} ${action} ${thing}${name ? ` “${name}”` : entry.target_id ? ` ${entry.target_id}` : ""}`;
}

/** The fields an entry's changes changed, in words ("title, start time"), or null when it added or removed rows only. */
export function changedFields(entry: AdminAuditEntry): string | null {
  const columns = new Set<string>();
  for (const change of entry.changes) {
    if (change.operation !== "update") continue;
    for (const column of Object.keys(change.after ?? {})) if (!BOOKKEEPING.has(column)) columns.add(columnWords(column));
  }
  return columns.size > 0 ? [...columns].join(", ") : null;
}

/** A column's value as the change table shows it: text as is, the rest as JSON, nothing as an em dash. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
