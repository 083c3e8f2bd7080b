import { stringify } from "csv-stringify/sync";

/**
 * The export's spreadsheets (RFC 4180): UTF-8 with a byte-order mark (so Excel reads it as UTF-8), comma-separated,
 * CRLF line ends, a field quoted only when it must be. A text cell a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return, or their full-width forms) starts with an apostrophe instead (OWASP's
 * CSV injection advice, csv-stringify's `escape_formulas`): a name like `=HYPERLINK(...)` is shown, never run.
 * A number is left as it is: `-0.09` is a longitude, not a formula.
 */

export const BYTE_ORDER_MARK = "\uFEFF";

/** One value as a cell: nothing for null, a list joined by "; ", true/false in words. */
export function csvCell(value: unknown): string | number {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((item) => (item === null ? "" : String(item))).join("; ");
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Lines of the given rows (each a list of cells), every line ended by CRLF. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((row) => row.map(csvCell)),
    { escape_formulas: true, record_delimiter: "windows" },
  );
}
