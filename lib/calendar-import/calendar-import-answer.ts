import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { CalendarImportAnswer, CalendarImportsQuery, CalendarPreview } from "./schemas.ts";

const SELECT = {
  id: true,
  name: true,
  source: true,
  addressHost: true,
  eventType: true,
  campusId: true,
  ministryId: true,
  audience: true,
  publish: true,
  keepInSync: true,
  status: true,
  preview: true,
  result: true,
  lastError: true,
  createdAt: true,
  importedAt: true,
  syncedAt: true,
} as const;

const EMPTY_PREVIEW: CalendarPreview = { events: 0, occurrences: 0, series: 0, created: 0, updated: 0, unchanged: 0, cancelled: 0, split: [], problems: [] };

/** One calendar import as the staff API answers it (never its address), or `not_found`. */
export async function getCalendarImportOrThrow(database: Database, id: string): Promise<CalendarImportAnswer> {
  const row = isUuid(id) ? await database.prisma.calendarImport.findUnique({ where: { id }, select: SELECT }) : null;
  if (!row) throw notFound("import");
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    source: row.source as CalendarImportAnswer["source"],
    address_host: row.addressHost,
    event_type: row.eventType,
    campus_id: row.campusId,
    ministry_id: row.ministryId,
    audience: row.audience,
    publish: row.publish,
    keep_in_sync: row.keepInSync,
    status: row.status as CalendarImportAnswer["status"],
    preview: { ...EMPTY_PREVIEW, ...(row.preview as Partial<CalendarPreview>) },
    result: (row.result as CalendarImportAnswer["result"]) ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    imported_at: iso(row.importedAt),
    synced_at: iso(row.syncedAt),
  };
}

const LIST_SORT = { createdAt: "c.created_at", name: "lower(c.name)" };
const iso = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTimestamp(column)} END`;
const LIST_COLUMNS = `c.id::text AS id, c.name, c.source, c.address_host, c.event_type::text AS event_type, c.campus_id, c.ministry_id, c.audience,
  c.publish, c.keep_in_sync, c.status, c.result, c.last_error, ${isoTimestamp("c.created_at")} AS created_at, ${iso("c.imported_at")} AS imported_at,
  ${iso("c.synced_at")} AS synced_at`;

/** GET /api/v1/admin/calendar-imports (events:write): the calendars brought in, searched by name, newest first. */
export function listCalendarImports(database: Database, query: CalendarImportsQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE c.name ILIKE $1";
  }
  return selectPage<Omit<CalendarImportAnswer, "preview">>(database, query, { select: LIST_COLUMNS, from: `calendar_import c ${where}`, values, order: orderBy(query.sort, LIST_SORT, "c.id") });
}
