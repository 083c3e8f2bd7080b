import { Readable } from "node:stream";
import { CsvError, parse, type Options as CsvOptions } from "csv-parse";
import iconv from "iconv-lite";
import { NAME_MAX_LENGTH, emailSchema } from "../accounts/schemas.ts";
import { isPhoneCountry, parsePhoneNumber, type PhoneCountry } from "../contacts/phone-number.ts";
import { type PeopleColumnMapping, type PersonField, PERSON_FIELDS } from "./people-columns.ts";
import { textSlices } from "./text-slices.ts";

export { PERSON_FIELDS, guessPeopleMapping, type PeopleColumnMapping, type PeopleFileSource, type PersonField } from "./people-columns.ts";

/**
 * Reads a church's people from a CSV file (issue 40): the bytes to text, the headers, then each row to a
 * person or to the problems that stop it, with row numbers as a spreadsheet shows them. Pure: no database,
 * no I/O; the bytes, the text and the rows are all streamed, so a file is never held whole. Every message is
 * written for the church office that uploaded the file, which fixes it in a spreadsheet program.
 */

export const MAX_COLUMNS = 200;
export const MAX_CELL_CHARACTERS = 1000;
/** A longer row almost always means a quote mark without its partner, which makes the rest of the file one cell. */
export const MAX_ROW_CHARACTERS = 65_536;

export interface ImportedPerson {
  /** The other system's id (Planning Center "Person ID", "ID" or "Remote ID"; Breeze "Breeze ID"; ChurchSuite "id"). */
  remoteId: string | null;
  /** May be empty when the family name is given: a row needs one of the two. */
  givenName: string;
  familyName: string;
  nickname: string | null;
  middleName: string | null;
  /** As recorded: `female` or `male` (F, M, Female, Male, Woman, Man in any case); anything else is left out. */
  gender: "female" | "male" | null;
  /** The home address as one line, as written. */
  address: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** Lower-cased and valid. */
  email: string | null;
  /** E.164: the mobile number if valid, else the home phone. */
  phone: string | null;
  /** The household id cell, else the household name cell (spaces tidied); null: a household of one. */
  householdKey: string | null;
  householdName: string | null;
  /** "Household Primary Contact" (or Breeze's "Family Role") says true, yes, 1, x or head of household. */
  householdPrimary: boolean;
}

export interface RowProblem {
  row: number;
  /** The column's header, as in the file; null for a problem of the whole row. */
  column: string | null;
  message: string;
  severity: "error" | "warning";
}

/** A row that has an error has no person: it is not imported. */
export interface ReadPersonRow {
  row: number;
  person: ImportedPerson | null;
  problems: RowProblem[];
}

/** A whole-file refusal, with a message a church office reads. */
export class PeopleFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PeopleFileError";
  }
}

const SAVE_AS_CSV = "In your spreadsheet program, choose Save As, pick “CSV UTF-8 (Comma delimited)”, and upload that file.";

// ---------------------------------------------------------------------------------------------------------
// Bytes to text
// ---------------------------------------------------------------------------------------------------------

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Fatal, so a file that is not UTF-8 is noticed; a UTF-8 byte order mark is dropped by the decoder. */
function utf8Decoder(): TextDecoder {
  return new TextDecoder("utf-8", { fatal: true });
}

/**
 * Windows-1252 by iconv-lite: Node 20's own TextDecoder decodes "windows-1252" as ISO-8859-1, which turns the
 * bytes 0x80-0x9F (€, curly quotes, dashes) into invisible control characters (O’Brien would lose its apostrophe).
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "win1252");
}

/** The first bytes of files offices upload by mistake, which have NUL bytes but deserve a better message. */
const WORKBOOK_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // .xlsx, .ods, .numbers: zip archives
  [0xd0, 0xcf, 0x11, 0xe0], // .xls: the old Office format
];

/** How much of the text is looked at to tell a text file from another kind. */
const TEXT_SAMPLE_CHARACTERS = 65_536;
/** More control characters than 1 in this many and the file is not text (random bytes have about 1 in 8). */
const CONTROL_CHARACTER_RATIO = 100;

function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** UTF-16 is what Excel's "Unicode Text" writes: a byte order mark, or ASCII with every other byte zero. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (startsWithBytes(bytes, [0xff, 0xfe]) || startsWithBytes(bytes, [0xfe, 0xff])) return true;
  return bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0;
}

/** Control characters other than tab, line breaks, form feed and the end-of-file mark old DOS programs wrote. */
function isUnexpectedControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1a) || code === 0x7f;
}

function looksLikeText(text: string): boolean {
  const sampleLength = Math.min(text.length, TEXT_SAMPLE_CHARACTERS);
  let controls = 0;
  for (let index = 0; index < sampleLength; index++) {
    if (isUnexpectedControl(text.charCodeAt(index))) controls++;
  }
  return controls * CONTROL_CHARACTER_RATIO <= sampleLength;
}

export type PeopleFileEncoding = "utf-8" | "windows-1252";

/**
 * A file's bytes as they are read: the upload's (one piece) or a file read from disk. Called once for each
 * pass over the file, so none needs it whole.
 */
export type PeopleFileBytes = () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(pieces.reduce((length, piece) => length + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

/**
 * How the file is encoded: UTF-8 (with or without BOM) when every byte of it is, else Windows-1252 (what
 * Excel's plain CSV writes). One pass that keeps only the first bytes; refuses, with PeopleFileError, a
 * workbook, Excel's "Unicode Text", and anything that is not text (a NUL byte, or too many control characters).
 */
export async function detectPeopleFileEncoding(bytes: PeopleFileBytes): Promise<PeopleFileEncoding> {
  const head: Uint8Array[] = [];
  let headLength = 0;
  const decoder = utf8Decoder();
  let utf8 = true;
  for await (const piece of bytes()) {
    if (headLength < TEXT_SAMPLE_CHARACTERS) {
      head.push(piece.subarray(0, TEXT_SAMPLE_CHARACTERS - headLength));
      headLength += head.at(-1)!.length;
      const start = joinBytes(head);
      if (WORKBOOK_SIGNATURES.some((signature) => startsWithBytes(start, signature))) {
        throw new PeopleFileError(`This is a spreadsheet workbook, not a CSV file. ${SAVE_AS_CSV}`);
      }
      if (looksLikeUtf16(start)) {
        throw new PeopleFileError(`This file is saved as “Unicode Text”, which cannot be read here. ${SAVE_AS_CSV}`);
      }
    }
    if (piece.includes(0)) throw new PeopleFileError(`This is not a CSV file. ${SAVE_AS_CSV}`);
    if (utf8) {
      try {
        decoder.decode(piece, { stream: true });
      } catch {
        utf8 = false;
      }
    }
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  const encoding: PeopleFileEncoding = utf8 ? "utf-8" : "windows-1252";
  // The sample's last character may be cut in two: it is one character in 65,536.
  const sample = utf8 ? new TextDecoder("utf-8").decode(joinBytes(head)) : decodeWindows1252(joinBytes(head));
  if (!looksLikeText(sample)) throw new PeopleFileError(`This is not a CSV file. ${SAVE_AS_CSV}`);
  return encoding;
}

/** The file's text in the encoding detectPeopleFileEncoding found, a piece for each piece of bytes read. */
export async function* decodePeopleText(bytes: PeopleFileBytes, encoding: PeopleFileEncoding): AsyncGenerator<string> {
  if (encoding === "utf-8") {
    const decoder = utf8Decoder();
    for await (const piece of bytes()) yield decoder.decode(piece, { stream: true });
    yield decoder.decode();
    return;
  }
  // Not UTF-8: Excel's plain "CSV (Comma delimited)" writes the Windows code page, which is Windows-1252 in the
  // Americas and Western Europe, one byte a character. A stray UTF-8 byte order mark is not part of the text.
  let first = true;
  for await (const piece of bytes()) {
    yield decodeWindows1252(first && startsWithBytes(piece, UTF8_BOM) ? piece.subarray(UTF8_BOM.length) : piece);
    first = false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// CSV records
// ---------------------------------------------------------------------------------------------------------

/** Delimiters tried on the header row, in order of preference when they split it alike. */
const DELIMITERS = [",", ";", "\t"] as const;

/** The text is handed to the parser in pieces of this size, so it never turns the whole file into records at once. */
const CHUNK_CHARACTERS = 64 * 1024;

function csvOptions(delimiter: string): CsvOptions {
  return {
    delimiter,
    bom: true,
    // A quote inside a cell that does not start with one (`5" tall`) is kept as written.
    relax_quotes: true,
    // A row shorter than the header is missing its last cells (they are empty); longer ones have extras.
    relax_column_count: true,
    // An empty line is a row in a spreadsheet too: counting it keeps the row numbers the office sees.
    skip_empty_lines: false,
    max_record_size: MAX_ROW_CHARACTERS,
    // Files edited by several programs mix line endings; Windows' pair is tried first.
    record_delimiter: ["\r\n", "\n", "\r"],
  };
}

/** A file's text: whole, or in pieces as they are read (a stored import's parts). */
export type PeopleText = string | AsyncIterable<string>;

/** The text in pieces of CHUNK_CHARACTERS, whatever the size of the pieces it comes in. */
async function* chunksOf(text: PeopleText): AsyncGenerator<string> {
  if (typeof text === "string") {
    yield* textSlices(text, CHUNK_CHARACTERS);
    return;
  }
  for await (const piece of text) yield* textSlices(piece, CHUNK_CHARACTERS);
}

/** The spreadsheet's name of a column: A, B, … Z, AA, AB … */
function columnLetter(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/** A parser's refusal as the office reads it; `row` is the spreadsheet row it was reading. */
function fileErrorOf(error: CsvError, row: number): PeopleFileError {
  const fix = "Correct that row in a spreadsheet program and upload the file again.";
  switch (error.code) {
    case "CSV_MAX_RECORD_SIZE":
      return new PeopleFileError(
        `Row ${row} is longer than ${formatCount(MAX_ROW_CHARACTERS)} characters, the most a row can have. This usually means a quote mark (") is missing its partner, so the rows after it run together. ${fix}`,
      );
    case "CSV_QUOTE_NOT_CLOSED":
      return new PeopleFileError(`A quote mark (") in row ${row} is never closed. ${fix}`);
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return new PeopleFileError(`Row ${row} has a quote mark (") where a CSV file cannot have one. ${fix}`);
    default:
      return new PeopleFileError(`Row ${row} cannot be read as CSV. ${fix}`);
  }
}

/** The row a parser error is about: the records it had read (the header included) and then this one. */
function rowOfError(error: CsvError, fallback: number): number {
  return typeof error.records === "number" ? error.records + 1 : fallback;
}

/** The records of the text, parsed a piece at a time as they are asked for; `close` when done or abandoned. */
function recordsOf(text: PeopleText, delimiter: string): { records: AsyncIterable<string[]>; close: () => void } {
  const source = Readable.from(chunksOf(text));
  const parser = source.pipe(parse(csvOptions(delimiter)));
  return {
    records: parser as AsyncIterable<string[]>,
    close: () => {
      source.destroy();
      parser.destroy();
    },
  };
}

/** The first record with this delimiter: only the first piece or two of the text are parsed. */
async function firstRecordOf(text: string, delimiter: string): Promise<string[]> {
  const { records, close } = recordsOf(text, delimiter);
  try {
    for await (const record of records) return record;
    return [];
  } finally {
    close();
  }
}

function tooManyColumns(count: number, where: string): PeopleFileError {
  return new PeopleFileError(`${where} has ${formatCount(count)} columns; at most ${MAX_COLUMNS} can be read. Delete the columns you do not need and upload the file again.`);
}

/**
 * Refuses a header row of too many columns, or with two columns of one name (compared without surrounding
 * spaces): the mapping names columns by their header, so it must name one.
 */
function checkHeaderRow(headers: readonly string[]): void {
  if (headers.length > MAX_COLUMNS) throw tooManyColumns(headers.length, "The file");
  const firstColumn = new Map<string, number>();
  for (const [index, header] of headers.entries()) {
    const name = header.trim();
    if (name === "") continue;
    const earlier = firstColumn.get(name);
    if (earlier !== undefined) {
      throw new PeopleFileError(`Columns ${columnLetter(earlier)} and ${columnLetter(index)} are both called “${name}”. Rename one of them and upload the file again.`);
    }
    firstColumn.set(name, index);
  }
}

const NOT_WHITESPACE = /\S/;
const EMPTY_FILE = "The file is empty.";

/**
 * The headers of the file (first record), with the delimiter detected (`,` or `;`, also tab): the one that
 * splits the header row into the most columns. Refuses more than MAX_COLUMNS columns, an empty file, a
 * header row with no names, and two columns of the same name (the mapping names columns by their header).
 * Empty headers are allowed (Excel writes them after the last named column); they cannot be mapped.
 * `text` may be only the file's start: its first stored part holds the header row, which a file may not
 * make longer than MAX_ROW_CHARACTERS.
 */
export async function readPeopleHeaders(text: string): Promise<{ headers: string[]; delimiter: string }> {
  // \s covers the byte order mark too, so a file of nothing but a BOM and line breaks is empty.
  if (!NOT_WHITESPACE.test(text)) throw new PeopleFileError(EMPTY_FILE);
  let best: { headers: string[]; delimiter: string } | null = null;
  let firstError: CsvError | null = null;
  for (const delimiter of DELIMITERS) {
    try {
      const headers = await firstRecordOf(text, delimiter);
      if (best === null || headers.length > best.headers.length) best = { headers, delimiter };
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      firstError ??= error;
    }
  }
  if (best === null) throw fileErrorOf(firstError!, 1);
  checkHeaderRow(best.headers);
  if (best.headers.every((header) => header.trim() === "")) {
    throw new PeopleFileError("The first row of the file should hold the column names (like First Name, Last Name), but it is empty.");
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------------------

/** The fields a row is read into: every field guessPeopleMapping recognises. */
const READ_FIELDS = [
  "remote_id",
  "given_name",
  "nickname",
  "middle_name",
  "family_name",
  "birth_date",
  "email",
  "mobile_phone",
  "home_phone",
  "household_id",
  "household_name",
  "household_primary",
  "gender",
  "address",
] as const satisfies readonly PersonField[];
type ReadField = (typeof READ_FIELDS)[number];

/**
 * How a cell is checked before it is read. Names and identifiers are stored as written and shown or exported
 * later, so one that a spreadsheet would run as a formula is refused; phone numbers may start with + or -
 * ("+44 …"); dates, emails and yes/no cells are read into values that cannot carry a formula.
 */
type CellKind = "name" | "identifier" | "phone" | "value" | "text";
const CELL_KIND: Record<ReadField, CellKind> = {
  remote_id: "identifier",
  given_name: "name",
  nickname: "name",
  family_name: "name",
  birth_date: "value",
  email: "value",
  mobile_phone: "phone",
  home_phone: "phone",
  household_id: "identifier",
  household_name: "name",
  household_primary: "value",
  middle_name: "name",
  gender: "value",
  address: "text",
};

/** An address is kept as one line of text: longer than a name may be, never a formula. */
const TEXT_MAX_LENGTH = 300;

const GENDER_WORDS: Record<string, "female" | "male"> = { f: "female", female: "female", woman: "female", w: "female", m: "male", male: "male", man: "male" };

/** What spreadsheet programs take as the start of a formula (OWASP's list for CSV injection). */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r"]);
const PHONE_FORMULA_STARTS = new Set(["=", "@", "\t", "\r"]);

/** Spaces of any width at either end; not tabs or line breaks, which the formula check must still see. */
const SURROUNDING_SPACES = /^\p{Zs}+|\p{Zs}+$/gu;
const ONLY_SPACES = /^\p{Zs}*$/u;
const INNER_SPACES = /\p{Zs}+/gu;
/**
 * Invisible characters (controls, line breaks, bidirectional overrides, zero-width ones): refused in names as
 * lib/accounts/schemas.ts refuses them in a member's own name, so an imported name is one a member could save.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;
/** Names end up in emails, so like a member's own name they cannot hold angle brackets. */
const ANGLE_BRACKET = /[<>]/;

interface LocatedColumn {
  header: string;
  index: number;
}
type LocatedColumns = Partial<Record<ReadField, LocatedColumn>>;

/** A value quoted in a message, cut short so a long cell does not flood the list of problems. */
function quoted(value: string): string {
  return `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
}

function describeStart(character: string): string {
  if (character === "\t") return "a tab";
  if (character === "\r") return "a line break";
  return `“${character}”`;
}

/** Collects a row's problems, each naming its column as the file does. */
class RowProblems {
  readonly list: RowProblem[] = [];
  constructor(private readonly row: number) {}
  error(column: string | null, message: string): void {
    this.list.push({ row: this.row, column, message: column === null ? message : `${column}: ${message}`, severity: "error" });
  }
  warning(column: string, message: string): void {
    this.list.push({ row: this.row, column, message: `${column}: ${message}`, severity: "warning" });
  }
  get hasError(): boolean {
    return this.list.some((problem) => problem.severity === "error");
  }
}

const NOT_IMPORTED = "so the row was not imported";

/** The cell's text without surrounding spaces; null when empty, unmapped, or refused (an error is recorded). */
function cellOf(record: readonly string[], field: ReadField, columns: LocatedColumns, problems: RowProblems): string | null {
  const column = columns[field];
  if (column === undefined) return null;
  const raw = record[column.index] ?? "";
  if (raw.length > MAX_CELL_CHARACTERS) {
    problems.error(column.header, `the cell has ${formatCount(raw.length)} characters, more than the ${formatCount(MAX_CELL_CHARACTERS)} allowed, ${NOT_IMPORTED}.`);
    return null;
  }
  const value = raw.replace(SURROUNDING_SPACES, "");
  if (value === "") return null;
  const kind = CELL_KIND[field];
  const first = value.charAt(0);
  const formulaStarts = kind === "phone" ? PHONE_FORMULA_STARTS : kind === "value" ? null : FORMULA_STARTS;
  if (formulaStarts?.has(first)) {
    problems.error(column.header, `${quoted(value)} starts with ${describeStart(first)}, which spreadsheet programs run as a formula, ${NOT_IMPORTED}.`);
    return null;
  }
  if ((kind === "name" || kind === "identifier" || kind === "text") && INVISIBLE_CHARACTER.test(value)) {
    problems.error(column.header, `${quoted(value)} contains an invisible control character, ${NOT_IMPORTED}.`);
    return null;
  }
  if (kind === "name" && ANGLE_BRACKET.test(value)) {
    problems.error(column.header, `${quoted(value)} contains < or >, which a name cannot have, ${NOT_IMPORTED}.`);
    return null;
  }
  if (kind === "text" && value.length > TEXT_MAX_LENGTH) {
    problems.error(column.header, `${quoted(value)} is longer than ${TEXT_MAX_LENGTH} characters, ${NOT_IMPORTED}.`);
    return null;
  }
  if (kind === "name" && value.length > NAME_MAX_LENGTH) {
    problems.error(column.header, `${quoted(value)} is longer than ${NAME_MAX_LENGTH} characters, ${NOT_IMPORTED}.`);
    return null;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------------------

/**
 * Countries that write the month first (5/6/1990 is May 6th): the United States with its territories, and
 * the Philippines, Micronesia, the Marshall Islands and Palau, which took the US usage. Canada writes both;
 * it reads month first here because its church files mostly come from US-made church software and from
 * Excel set up the US way, and because an ambiguous date gets a warning whichever order is chosen.
 */
const MONTH_FIRST_COUNTRIES = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM", "PH", "FM", "MH", "PW", "CA"]);

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** English month names and their usual short forms ("Sept" too), lower case, to their number. */
const MONTH_BY_NAME = new Map<string, number>([["sept", 9]]);
for (const [index, name] of MONTH_NAMES.entries()) {
  MONTH_BY_NAME.set(name.toLowerCase(), index + 1);
  MONTH_BY_NAME.set(name.slice(0, 3).toLowerCase(), index + 1);
}

/** A time after the date, as Excel writes a date-and-time cell ("5/6/1990 0:00", "1990-05-06T00:00:00Z"); it is ignored. */
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** 1990-05-06, also with / or . between the parts: year first is never ambiguous. */
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`);
/** 06/05/1990, 6-5-1990, 06.05.90: day and month in the country's order; the year's digits are checked after. */
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d+)${TIME}$`);
/** 6 May 1990, 6-May-1990, 6th May, 1990. */
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]+)\.?,?[ -](\d+)$/i;
/** May 6, 1990, May 6th 1990. */
const MONTH_NAME_DAY = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d+)$/i;

/** A birth year before this is a typing mistake or a placeholder, not a person's. */
const EARLIEST_BIRTH_YEAR = 1900;

interface DateContext {
  monthFirst: boolean;
  /** YYYY-MM-DD, in UTC: a birth date after it is refused. */
  today: string;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function inWords(year: number, month: number, day: number): string {
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** The parts as read from the cell, before they are checked to be a date; `order` when the country's order was used. */
interface DateParts {
  year: string;
  month: number;
  day: number;
  order: "day first" | "month first" | null;
}

function partsOf(value: string, context: DateContext): DateParts | null {
  const yearFirst = YEAR_FIRST.exec(value);
  if (yearFirst) return { year: yearFirst[1]!, month: Number(yearFirst[3]), day: Number(yearFirst[4]), order: null };
  const numeric = NUMERIC.exec(value);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    return context.monthFirst
      ? { year: numeric[4]!, month: first, day: second, order: "month first" }
      : { year: numeric[4]!, month: second, day: first, order: "day first" };
  }
  const dayMonth = DAY_MONTH_NAME.exec(value);
  if (dayMonth) {
    const month = MONTH_BY_NAME.get(dayMonth[2]!.toLowerCase());
    return month === undefined ? null : { year: dayMonth[3]!, month, day: Number(dayMonth[1]), order: null };
  }
  const monthDay = MONTH_NAME_DAY.exec(value);
  if (monthDay) {
    const month = MONTH_BY_NAME.get(monthDay[1]!.toLowerCase());
    return month === undefined ? null : { year: monthDay[3]!, month, day: Number(monthDay[2]), order: null };
  }
  return null;
}

/** A birth date as YYYY-MM-DD, or null with a warning (the date is left out, the row still imported). */
function readBirthDate(value: string, column: string, context: DateContext, problems: RowProblems): string | null {
  const parts = partsOf(value, context);
  const orderNote = context.monthFirst ? "month/day/year" : "day/month/year";
  if (parts === null) {
    problems.warning(column, `${quoted(value)} is not a date, so it was left out.`);
    return null;
  }
  if (parts.year.length === 2) {
    problems.warning(column, `${quoted(value)} has a two-digit year, which could be 19… or 20…, so it was left out. Write the year in full, like 1990.`);
    return null;
  }
  const year = Number(parts.year);
  const valid = parts.year.length === 4 && parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= daysInMonth(year, parts.month);
  if (!valid) {
    const how = parts.order === null ? "" : ` (dates like this are read as ${orderNote})`;
    problems.warning(column, `${quoted(value)} is not a date${how}, so it was left out.`);
    return null;
  }
  if (year < EARLIEST_BIRTH_YEAR) {
    problems.warning(column, `${quoted(value)} is before ${EARLIEST_BIRTH_YEAR}, so it was left out.`);
    return null;
  }
  const date = isoOf(year, parts.month, parts.day);
  if (date > context.today) {
    problems.warning(column, `${quoted(value)} is in the future, so it was left out.`);
    return null;
  }
  if (parts.order !== null && parts.day <= 12 && parts.day !== parts.month) {
    problems.warning(column, `${quoted(value)} is an ambiguous date read as ${inWords(year, parts.month, parts.day)} (${parts.order}).`);
  }
  return date;
}

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

/** Cell values that mean "this is the household's primary contact", lower case. */
const PRIMARY_VALUES = new Set(["true", "yes", "y", "1", "x", "primary", "primary contact", "head", "head of household"]);

interface RowContext extends DateContext {
  country: PhoneCountry;
}

function readPhone(value: string | null, column: LocatedColumn | undefined, context: RowContext, problems: RowProblems): string | null {
  if (value === null || column === undefined) return null;
  const parsed = parsePhoneNumber(value, context.country);
  if (parsed === null) {
    problems.warning(column.header, `${quoted(value)} is not a phone number, so it was left out (numbers without a country code are read as ${context.country} numbers).`);
    return null;
  }
  return parsed.e164;
}

function readEmail(value: string | null, column: LocatedColumn | undefined, problems: RowProblems): string | null {
  if (value === null || column === undefined) return null;
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) {
    problems.warning(column.header, `${quoted(value)} is not an email address, so it was left out.`);
    return null;
  }
  return parsed.data;
}

function readGender(value: string | null, column: LocatedColumn | undefined, problems: RowProblems): "female" | "male" | null {
  if (value === null || column === undefined) return null;
  const gender = GENDER_WORDS[value.toLowerCase()];
  if (gender === undefined) problems.warning(column.header, `${quoted(value)} is not a gender the register keeps (female or male), so it was left out.`);
  return gender ?? null;
}

function readPersonRow(record: readonly string[], row: number, columns: LocatedColumns, context: RowContext): ReadPersonRow {
  const problems = new RowProblems(row);
  const cell = (field: ReadField) => cellOf(record, field, columns, problems);
  const remoteId = cell("remote_id");
  const givenName = cell("given_name");
  const familyName = cell("family_name");
  const nickname = cell("nickname");
  const middleName = cell("middle_name");
  const genderText = cell("gender");
  const address = cell("address")?.replace(INNER_SPACES, " ") ?? null;
  const birthDateText = cell("birth_date");
  const emailText = cell("email");
  const mobileText = cell("mobile_phone");
  const homeText = cell("home_phone");
  const householdId = cell("household_id");
  const householdName = cell("household_name")?.replace(INNER_SPACES, " ") ?? null;
  const primaryText = cell("household_primary");
  if (problems.hasError) return { row, person: null, problems: problems.list };
  if (givenName === null && familyName === null) {
    problems.error(null, "This row has no first or last name, so it was not imported.");
    return { row, person: null, problems: problems.list };
  }
  const birthDate = birthDateText === null ? null : readBirthDate(birthDateText, columns.birth_date!.header, context, problems);
  const email = readEmail(emailText, columns.email, problems);
  // The home phone is read only when there is no usable mobile: a person has one phone here.
  const phone = readPhone(mobileText, columns.mobile_phone, context, problems) ?? readPhone(homeText, columns.home_phone, context, problems);
  const gender = readGender(genderText, columns.gender, problems);
  const person: ImportedPerson = {
    remoteId,
    givenName: givenName ?? "",
    familyName: familyName ?? "",
    nickname,
    middleName,
    gender,
    address,
    birthDate,
    email,
    phone,
    householdKey: householdId ?? householdName,
    householdName,
    householdPrimary: primaryText !== null && PRIMARY_VALUES.has(primaryText.toLowerCase()),
  };
  return { row, person, problems: problems.list };
}

/** Where each mapped column is in the header row; refuses a mapping that names a column the file lacks. */
function locateColumns(headers: readonly string[], mapping: PeopleColumnMapping): LocatedColumns {
  checkHeaderRow(headers);
  for (const field of PERSON_FIELDS) {
    const header = mapping[field];
    if (header !== undefined && !headers.includes(header)) throw new PeopleFileError(`The column “${header}” is not in this file. Choose the columns again.`);
  }
  if (mapping.given_name === undefined && mapping.family_name === undefined) {
    throw new PeopleFileError("Choose the column that holds first names or the one that holds last names.");
  }
  const located: LocatedColumns = {};
  for (const field of READ_FIELDS) {
    const header = mapping[field];
    if (header !== undefined) located[field] = { header, index: headers.indexOf(header) };
  }
  return located;
}

function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => ONLY_SPACES.test(cell));
}

/** Today in UTC, once per file: a birth date after it is refused. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Every data row, in order, streamed (never the whole file as records in memory): row numbers as a
 * spreadsheet shows them (the header is row 1; empty rows are skipped but counted). Throws PeopleFileError
 * for a file that cannot be read on, possibly after rows were yielded: the caller decides what to keep.
 */
export async function* readPeopleRows(
  text: PeopleText,
  options: { mapping: PeopleColumnMapping; delimiter: string; country: string /* ISO 3166 alpha-2, the church's */ },
): AsyncGenerator<ReadPersonRow> {
  const country = options.country.toUpperCase();
  if (!isPhoneCountry(country)) throw new RangeError(`readPeopleRows: ${JSON.stringify(options.country)} is not a country code libphonenumber knows`);
  const context: RowContext = { country, monthFirst: MONTH_FIRST_COUNTRIES.has(country), today: todayIso() };
  const { records, close } = recordsOf(text, options.delimiter);
  let row = 0;
  let columns: LocatedColumns | null = null;
  try {
    for await (const record of records) {
      row += 1;
      if (columns === null) {
        columns = locateColumns(record, options.mapping);
        continue;
      }
      if (record.length > MAX_COLUMNS) throw tooManyColumns(record.length, `Row ${row}`);
      if (isBlankRecord(record)) continue;
      yield readPersonRow(record, row, columns, context);
    }
  } catch (error) {
    throw error instanceof CsvError ? fileErrorOf(error, rowOfError(error, row + 1)) : error;
  } finally {
    close();
  }
  if (columns === null) throw new PeopleFileError(EMPTY_FILE);
}
