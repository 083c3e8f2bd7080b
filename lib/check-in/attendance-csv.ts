import "server-only";
import { MAX_CSV_ROWS } from "./rules.ts";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";

/** The most rows one export holds; a wider range is refused rather than cut short silently. */
const MAX_RANGE_DAYS = 366;

const HEADER = ["event_id", "event_title", "event_start", "person_id", "given_name", "family_name", "method", "checked_in_at", "checked_out_at", "check_out_method"];

/**
 * GET /api/v1/admin/attendance.csv: one event, or every event starting between two local dates (inclusive),
 * as RFC 4180 CSV. Cells that a spreadsheet would run as a formula are prefixed with a quote (OWASP CSV
 * injection). Undone check-ins are left out.
 */
export async function attendanceCsv(database: Database, query: { event_id?: string; from?: string; to?: string }): Promise<string> {
  let where: string;
  let params: unknown[];
  if (query.event_id) {
    if (!(await database.prisma.event.findUnique({ where: { id: query.event_id }, select: { id: true } }))) throw notFound("event");
    where = "c.event_id = $1";
    params = [query.event_id];
  } else {
    const days = (Date.parse(query.to!) - Date.parse(query.from!)) / 86_400_000;
    if (!(days >= 0 && days <= MAX_RANGE_DAYS)) throw new IdentityError("invalid_request", `to: must be on or after from, at most ${MAX_RANGE_DAYS} days later`);
    where = "e.start_date BETWEEN $1 AND $2";
    params = [query.from, query.to];
  }
  const rows = await database.query<Record<string, unknown>>(
    `SELECT c.event_id, e.title AS event_title, e.start_at AS event_start, c.person_id::text AS person_id, a.given_name, a.family_name,
            c.method, c.checked_in_at, c.checked_out_at, c.check_out_method
       FROM check_in c JOIN event e ON e.id = c.event_id JOIN account a ON a.id = c.person_id
      WHERE ${where} AND c.undone_at IS NULL ORDER BY e.start_at, e.id, c.checked_in_at, c.id LIMIT ${MAX_CSV_ROWS + 1}`,
    params,
  );
  if (rows.length > MAX_CSV_ROWS) throw new IdentityError("invalid_request", `the range holds more than ${MAX_CSV_ROWS} check-ins; choose a shorter one`);
  const lines = [HEADER.join(","), ...rows.map((row) => HEADER.map((column) => csvCell(row[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
