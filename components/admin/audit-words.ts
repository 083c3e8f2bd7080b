import type { useTranslations } from "next-intl";
import { AUDIT_SECTIONS, type AdminAuditEntry, type AuditSection } from "@/lib/audit/staff-schemas";

// i18n-namespace: AdminAudit

/**
 * The audit log in the office's words (issue 41: the "AdminAudit" messages, through the page's translator).
 * The entries' codes (a path's last word, the method, the staff area) choose among a message's branches; a
 * code the messages do not know falls back to the method's own word and the area's own name.
 */
export type AuditT = ReturnType<typeof useTranslations<"AdminAudit">>;

/** A staff area in the filter's words: `sections.<area>`. */
export function sectionWords(section: AuditSection, t: AuditT): string {
  return t(`sections.${section}`);
}

/** A path's last word, when it names an action rather than a thing (`/users/{id}/disable`): its branch of `entry.did`. */
const ACTIONS: Record<string, string> = {
  disable: "disable",
  enable: "enable",
  roles: "roles",
  "rotate-secret": "rotateSecret",
  publish: "publish",
  cancel: "cancel",
  postpone: "postpone",
  approve: "approve",
  reject: "reject",
  end: "end",
  merge: "merge",
  unlink: "unlink",
  registration: "registration",
  redeliver: "redeliver",
  test: "test",
};

/** The methods `entry.did` says in words ("added", "changed", "set", "removed"); any other is said by its name. */
const METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

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
export function describeAuditEntry(entry: AdminAuditEntry, t: AuditT): string {
  const actor = entry.actor.name;
  // Done on the server's command line (npm run admin:create), not through the staff API.
  if (entry.method === "CLI") return t("entry.madeAdministrator", { actor, path: entry.path });
  // A download of the whole church (lib/church-export): a read, recorded with the file's name and what it held.
  if (entry.method === "GET" && entry.section === "export") return entry.changes[0] ? t("entry.downloadedAllFile", { actor, file: entry.changes[0].id }) : t("entry.downloadedAll", { actor });
  const segments = entry.path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const action = (Object.hasOwn(ACTIONS, last) ? ACTIONS[last] : undefined) ?? (METHODS.has(entry.method) ? entry.method : "other");
  const section = (AUDIT_SECTIONS as readonly string[]).includes(entry.section) ? entry.section : "other";
  const first = entry.changes[0];
  const name = first ? (nameOf(first.after) ?? nameOf(first.before)) : null;
  const target = name ? "name" : entry.target_id ? "id" : "none";
  return t("entry.did", { actor, action, method: entry.method.toLowerCase(), section, area: entry.section, target, name: name ?? "", id: entry.target_id ?? "" });
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
