import { EXPORT_KINDS, type ExportCounts, type ExportKind, type ExportTable } from "./tables.ts";

const KIND_TITLES: Record<ExportKind, string> = {
  people: "PEOPLE",
  households: "HOUSEHOLDS",
  events: "EVENTS",
  registrations: "SIGN-UPS (REGISTRATIONS)",
  attendance: "ATTENDANCE (CHECK-INS)",
};

const rowsOf = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "row" : "rows"}`;

/** Wraps a paragraph at 100 characters, every line after the first indented like it. */
function wrapped(text: string, indent = ""): string {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/)) {
    if (line.trim() && line.length + word.length + 1 > 100) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line.trim() ? `${line} ${word}` : `${indent}${word}`;
  }
  if (line.trim()) lines.push(line);
  return lines.join("\r\n");
}

/**
 * README.txt: what the folder is, how its files are written, and what each holds with its number of rows (the
 * rows written, so a program that reads the files can check it read them all). CRLF line ends, for Notepad.
 */
export function churchExportReadme(input: { churchName: string; exportedAt: Date; tables: readonly ExportTable[]; counts: ExportCounts }): string {
  const { churchName, exportedAt, tables, counts } = input;
  const sections = EXPORT_KINDS.map((kind) => {
    const files = tables
      .filter((table) => table.kind === kind)
      .map((table) => wrapped(`csv/${table.name}.csv and json/${table.name}.json (${rowsOf(counts[table.name] ?? 0)}): ${table.about}.`, "  ").replace(/^ {2}/, "- "));
    return [KIND_TITLES[kind], ...files].join("\r\n");
  });
  const paragraphs = [
    `${churchName}: all of the church's data`,
    `Downloaded ${exportedAt.toISOString()} (UTC).`,
    wrapped(
      "This folder holds the church's people, households, events, sign-ups and attendance, each list twice: in csv/ as spreadsheets (they open in Excel, Numbers, LibreOffice and Google Sheets) and in json/ for other software to read. The two hold the same rows.",
    ),
    wrapped(
      'The spreadsheets (CSV): UTF-8 with a byte-order mark, separated by commas, the first row the column names, then one row per record. Dates are written YYYY-MM-DD and times HH:MM (an event\'s in its own time zone, the "timezone" column); a moment is ISO 8601 in UTC, such as 2026-11-21T09:30:00.000Z. A list in one cell is separated by "; ". An empty cell is nothing known.',
    ),
    wrapped(
      "So that a spreadsheet never runs a cell as a formula, a text cell that begins with = + - @, a tab or a carriage return starts with an apostrophe ('): a phone number reads '+15555550123. Remove that apostrophe when you bring the spreadsheets into other software, or use the JSON files, which hold every value exactly.",
    ),
    wrapped(
      "The JSON files: each is one array of objects, one object per row, whose keys are the spreadsheet's column names; an empty cell is null, a list is an array, a number is a number and yes/no is true/false.",
    ),
    wrapped("Rows name each other by id: a sign-up's person_id is the id of a row of accounts, its event_id the id of a row of events, and so on."),
    ...sections,
    wrapped(
      "NOT IN THIS FOLDER: passwords (or their hashes), authenticator-app secrets, passkeys, recovery codes, sign-in sessions and tokens, household join codes, children's pickup security codes and tags, and the secrets of connected apps and websites. These let people sign in or collect children; they stay on the church's server.",
    ),
    wrapped(
      "The files were read one after another while the church's site kept working: a change made during the download may show in one file and not in another.",
    ),
    wrapped("Keep this folder safe: it holds the personal details of everyone in the church. The download is recorded in the church's audit log."),
  ];
  return `${paragraphs.join("\r\n\r\n")}\r\n`;
}
