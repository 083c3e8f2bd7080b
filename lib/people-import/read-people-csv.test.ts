import { describe, expect, it } from "vitest";
import {
  MAX_CELL_CHARACTERS,
  MAX_COLUMNS,
  PeopleFileError,
  decodePeopleText,
  detectPeopleFileEncoding,
  guessPeopleMapping,
  readPeopleHeaders,
  readPeopleRows,
  type PeopleColumnMapping,
  type ReadPersonRow,
} from "./read-people-csv.ts";

const PLANNING_CENTER_HEADERS = [
  "Person ID",
  "Name Prefix",
  "Given Name",
  "First Name",
  "Nickname",
  "Middle Name",
  "Last Name",
  "Birthdate",
  "Gender",
  "Home Address Street Line 1",
  "Home Email",
  "Work Email",
  "Mobile Phone Number",
  "Home Phone Number",
  "Household ID",
  "Household Name",
  "Household Primary Contact",
  "Remote ID",
];
const BREEZE_HEADERS = ["Breeze ID", "First Name", "Last Name", "Middle Name", "Nickname", "Maiden Name", "Gender", "Birthdate", "Family ID", "Family Role", "Mobile", "Home", "Work", "Email", "Street Address", "City"];
const CHURCHSUITE_HEADERS = ["id", "title", "first_name", "middle_name", "last_name", "sex", "date_of_birth", "email", "mobile", "telephone", "address", "postcode", "household_id", "household_name"];

/** Every row of a file, read the way the import page does: headers, the guessed mapping (or the one given), then the rows. */
async function readAll(text: string, country: string, mapping?: PeopleColumnMapping): Promise<ReadPersonRow[]> {
  const { headers, delimiter } = await readPeopleHeaders(text);
  const rows: ReadPersonRow[] = [];
  for await (const row of readPeopleRows(text, { mapping: mapping ?? guessPeopleMapping(headers).mapping, delimiter, country })) rows.push(row);
  return rows;
}

/** A cell as a spreadsheet program writes it when it needs quotes. */
function csvCell(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** A file with a name column and one other column, for the rules of a single field. */
async function readOneField(header: string, cells: readonly string[], country: string): Promise<ReadPersonRow[]> {
  const text = ["First Name,Last Name," + header, ...cells.map((cell) => `Ada,Lovelace,${csvCell(cell)}`)].join("\n");
  return readAll(text, country);
}

function messagesOf(row: ReadPersonRow | undefined): string[] {
  return row?.problems.map((problem) => problem.message) ?? [];
}

async function refusalOf(work: Promise<unknown>): Promise<PeopleFileError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PeopleFileError);
  return error as PeopleFileError;
}

describe("guessPeopleMapping", () => {
  it("recognises a Planning Center People export, preferring First Name, Person ID and Home Email", () => {
    const { mapping, source } = guessPeopleMapping(PLANNING_CENTER_HEADERS);
    expect(source).toBe("planning_center");
    expect(mapping).toEqual({
      remote_id: "Person ID",
      given_name: "First Name",
      nickname: "Nickname",
      middle_name: "Middle Name",
      family_name: "Last Name",
      birth_date: "Birthdate",
      email: "Home Email",
      mobile_phone: "Mobile Phone Number",
      home_phone: "Home Phone Number",
      household_id: "Household ID",
      household_name: "Household Name",
      household_primary: "Household Primary Contact",
      gender: "Gender",
      address: "Home Address Street Line 1",
    });
  });

  it("recognises Planning Center's import template (Remote ID, Given Name, Email)", () => {
    const { mapping, source } = guessPeopleMapping(["Remote ID", "Given Name", "Last Name", "Email", "Mobile Phone Number", "Household Primary Contact"]);
    expect(source).toBe("planning_center");
    expect(mapping).toMatchObject({ remote_id: "Remote ID", given_name: "Given Name", email: "Email", household_primary: "Household Primary Contact" });
  });

  it("recognises a Breeze export: Mobile and Home are phones, Family ID the household, Family Role the primary contact", () => {
    const { mapping, source } = guessPeopleMapping(BREEZE_HEADERS);
    expect(source).toBe("breeze");
    expect(mapping).toMatchObject({
      remote_id: "Breeze ID",
      given_name: "First Name",
      family_name: "Last Name",
      birth_date: "Birthdate",
      mobile_phone: "Mobile",
      home_phone: "Home",
      household_id: "Family ID",
      household_primary: "Family Role",
      email: "Email",
      address: "Street Address",
    });
    expect(mapping.household_name).toBeUndefined();
  });

  it("recognises a ChurchSuite address book export by its snake_case names", () => {
    const { mapping, source } = guessPeopleMapping(CHURCHSUITE_HEADERS);
    expect(source).toBe("churchsuite");
    expect(mapping).toMatchObject({
      remote_id: "id",
      given_name: "first_name",
      family_name: "last_name",
      birth_date: "date_of_birth",
      mobile_phone: "mobile",
      home_phone: "telephone",
      household_id: "household_id",
      household_name: "household_name",
      gender: "sex",
      address: "address",
    });
  });

  it("matches hand-made headers generously (case, spaces and punctuation ignored) and calls the file other", () => {
    const { mapping, source } = guessPeopleMapping(["  FIRST NAME ", "Surname", "E-mail", "D.O.B.", "Cell Phone", "Notes"]);
    expect(source).toBe("other");
    expect(mapping).toEqual({ given_name: "  FIRST NAME ", family_name: "Surname", email: "E-mail", birth_date: "D.O.B.", mobile_phone: "Cell Phone" });
  });
});

/** The bytes in pieces of `size` (as a file is read from disk), each pass afresh. */
function inPieces(bytes: Uint8Array, size = bytes.length) {
  return function* () {
    for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
  };
}

/** The file decoded as an import reads it: its encoding, then its text, a piece at a time. */
async function decoded(bytes: Uint8Array, pieceSize?: number): Promise<{ text: string; encoding: string }> {
  const read = inPieces(bytes, pieceSize);
  const encoding = await detectPeopleFileEncoding(read);
  let text = "";
  for await (const piece of decodePeopleText(read, encoding)) text += piece;
  return { text, encoding };
}

describe("decoding a people file", () => {
  it("reads UTF-8 with a byte order mark, dropping the mark", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("First Name,Last Name\nJosé,Núñez\n")]);
    const { text, encoding } = await decoded(bytes);
    expect(encoding).toBe("utf-8");
    expect((await readPeopleHeaders(text)).headers).toEqual(["First Name", "Last Name"]);
    const [row] = await readAll(text, "US");
    expect(row?.person).toMatchObject({ givenName: "José", familyName: "Núñez" });
  });

  it("reads UTF-8 without a byte order mark", async () => {
    expect(await decoded(new TextEncoder().encode("First Name\nZoë\n"))).toEqual({ text: "First Name\nZoë\n", encoding: "utf-8" });
  });

  it("reads a file a byte at a time as it reads it whole: characters and the byte order mark split between pieces", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("First Name\nZoë 👩🏽‍🦱 Nguyễn\n")]);
    expect(await decoded(bytes, 1)).toEqual(await decoded(bytes));
    expect((await decoded(bytes, 1)).text).toBe("First Name\nZoë 👩🏽‍🦱 Nguyễn\n");
  });

  it("reads Windows-1252 (what Excel's plain CSV writes) when the bytes are not UTF-8", async () => {
    // "José" with é as the single byte 0xE9, and a curly apostrophe (0x92) in O’Brien.
    const bytes = new Uint8Array([...new TextEncoder().encode("First Name,Last Name\nJos"), 0xe9, ...new TextEncoder().encode(",O"), 0x92, ...new TextEncoder().encode("Brien\n")]);
    expect(await decoded(bytes)).toEqual({ text: "First Name,Last Name\nJosé,O’Brien\n", encoding: "windows-1252" });
    expect(await decoded(bytes, 3)).toEqual({ text: "First Name,Last Name\nJosé,O’Brien\n", encoding: "windows-1252" });
  });

  it("reads Windows-1252 when only the end of a long file is not UTF-8, and when it ends inside a character", async () => {
    const start = new TextEncoder().encode(`First Name\n${"Ana\n".repeat(50_000)}`);
    expect((await decoded(new Uint8Array([...start, 0xe9, 0x0a]), 4096)).encoding).toBe("windows-1252");
    expect((await decoded(new Uint8Array([...start, 0xc3]), 4096)).encoding).toBe("windows-1252");
  });

  it.each([
    ["bytes with NUL in them", new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x00, 0x01, 0x02])],
    ["an Excel workbook (a zip archive)", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ["UTF-16 (Excel's Unicode Text)", new Uint8Array([0xff, 0xfe, 0x46, 0x00, 0x69, 0x00])],
    ["control characters throughout", new Uint8Array(Array.from({ length: 300 }, (_, index) => (index % 5 === 0 ? 0x01 : 0x41)))],
  ])("refuses %s", async (_, bytes) => {
    await expect(detectPeopleFileEncoding(inPieces(bytes))).rejects.toThrow(PeopleFileError);
    await expect(detectPeopleFileEncoding(inPieces(bytes, 1))).rejects.toThrow(PeopleFileError);
  });

  it("refuses a NUL byte far into the file", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`First Name\n${"Ana\n".repeat(50_000)}`), 0x00]);
    await expect(detectPeopleFileEncoding(inPieces(bytes, 4096))).rejects.toThrow(PeopleFileError);
  });

  it("tells the office to save a workbook as CSV", async () => {
    await expect(detectPeopleFileEncoding(inPieces(new Uint8Array([0x50, 0x4b, 0x03, 0x04])))).rejects.toThrow(/Save As.*CSV UTF-8/);
  });
});

describe("readPeopleHeaders", () => {
  it("detects a comma, a semicolon and a tab", async () => {
    expect(await readPeopleHeaders("First Name,Last Name\nAda,Lovelace\n")).toEqual({ headers: ["First Name", "Last Name"], delimiter: "," });
    expect(await readPeopleHeaders('"First Name";"Last Name";Email\nAda;Lovelace;ada@example.org\n')).toEqual({ headers: ["First Name", "Last Name", "Email"], delimiter: ";" });
    expect(await readPeopleHeaders("First Name\tLast Name\nAda\tLovelace\n")).toEqual({ headers: ["First Name", "Last Name"], delimiter: "\t" });
  });

  it("reads a semicolon file's rows, commas inside cells included", async () => {
    const rows = await readAll("First Name;Last Name;Household Name\nAda;Lovelace;Lovelace, Byron\n", "GB");
    expect(rows[0]?.person).toMatchObject({ givenName: "Ada", familyName: "Lovelace", householdName: "Lovelace, Byron", householdKey: "Lovelace, Byron" });
  });

  it("drops a byte order mark left in the text", async () => {
    expect((await readPeopleHeaders("\uFEFFFirst Name,Last Name\r\nAda,Lovelace\r\n")).headers).toEqual(["First Name", "Last Name"]);
  });

  it("refuses an empty file", async () => {
    expect((await refusalOf(readPeopleHeaders(""))).message).toBe("The file is empty.");
    await refusalOf(readPeopleHeaders("\uFEFF\r\n\r\n"));
  });

  it(`accepts ${MAX_COLUMNS} columns and refuses ${MAX_COLUMNS + 1}`, async () => {
    const headers = (count: number) => Array.from({ length: count }, (_, index) => `Column ${index + 1}`).join(",");
    expect((await readPeopleHeaders(`${headers(MAX_COLUMNS)}\n`)).headers).toHaveLength(MAX_COLUMNS);
    expect((await refusalOf(readPeopleHeaders(`${headers(MAX_COLUMNS + 1)}\n`))).message).toContain("201 columns; at most 200");
  });

  it("refuses two columns of the same name, naming them as the spreadsheet does", async () => {
    expect((await refusalOf(readPeopleHeaders("First Name,Email,Last Name,Email\n"))).message).toBe("Columns B and D are both called “Email”. Rename one of them and upload the file again.");
  });

  it("allows empty headers after the named ones (Excel writes them) but refuses a header row with no names", async () => {
    expect((await readPeopleHeaders("First Name,Last Name,,\nAda,Lovelace,,note\n")).headers).toEqual(["First Name", "Last Name", "", ""]);
    expect((await refusalOf(readPeopleHeaders(",,\nAda,Lovelace,\n"))).message).toContain("should hold the column names");
  });

  it("refuses a header row longer than a row can be, saying what the limit is", async () => {
    expect((await refusalOf(readPeopleHeaders(`"${"x".repeat(70_000)}"\n`))).message).toContain("longer than 65,536 characters");
  });
});

describe("readPeopleRows: gender and address", () => {
  it("keeps a gender the register knows in any of its spellings, leaves another out with a warning, and refuses an address that is a formula", async () => {
    const rows = await readAll(["First Name,Last Name,Gender,Address", "Ada,Okafor,Woman,  12   Harbour Road ", "Ben,Okafor,m,", "Cy,Okafor,unknown,", 'Di,Okafor,F,"=HYPERLINK(""http://evil.example"")"'].join("\n"), "US");
    expect(rows.map((row) => [row.person?.gender ?? null, row.person?.address ?? null])).toEqual([
      ["female", "12 Harbour Road"],
      ["male", null],
      [null, null],
      [null, null],
    ]);
    expect(rows[2]!.problems).toEqual([{ row: 4, column: "Gender", message: "Gender: “unknown” is not a gender the register keeps (female or male), so it was left out.", severity: "warning" }]);
    expect(rows[3]!.problems).toEqual([expect.objectContaining({ column: "Address", severity: "error", message: expect.stringContaining("spreadsheet programs run as a formula") })]);
  });
});

describe("readPeopleRows: a Planning Center export", () => {
  const file = [
    PLANNING_CENTER_HEADERS.join(","),
    '1001,,Robert,Robert,Bob,James,Smith,1980-04-12,M,1 Main St,Bob.Smith@Example.org,,(415) 555-0123,,H1,The Smith Household,true,',
    '1002,,Mary,Mary,,,Smith,1982-11-30,F,1 Main St,mary@example.org,,,415-555-0124,H1,The Smith Household,false,BRZ-77',
    '1003,,Li,Li,,,Wei,,,,,,,,,,,',
  ].join("\r\n");

  it("reads each person with the other system's id, the household, the primary contact, the middle name, gender and address", async () => {
    const rows = await readAll(file, "US");
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(rows.map((row) => row.person)).toEqual([
      {
        remoteId: "1001",
        givenName: "Robert",
        familyName: "Smith",
        nickname: "Bob",
        middleName: "James",
        gender: "male",
        address: "1 Main St",
        birthDate: "1980-04-12",
        email: "bob.smith@example.org",
        phone: "+14155550123",
        householdKey: "H1",
        householdName: "The Smith Household",
        householdPrimary: true,
      },
      {
        remoteId: "1002",
        givenName: "Mary",
        familyName: "Smith",
        nickname: null,
        middleName: null,
        gender: "female",
        address: "1 Main St",
        birthDate: "1982-11-30",
        email: "mary@example.org",
        phone: "+14155550124",
        householdKey: "H1",
        householdName: "The Smith Household",
        householdPrimary: false,
      },
      {
        remoteId: "1003",
        givenName: "Li",
        familyName: "Wei",
        nickname: null,
        middleName: null,
        gender: null,
        address: null,
        birthDate: null,
        email: null,
        phone: null,
        householdKey: null,
        householdName: null,
        householdPrimary: false,
      },
    ]);
  });

  it("stops reading when the caller stops asking", async () => {
    const { headers, delimiter } = await readPeopleHeaders(file);
    const rows = readPeopleRows(file, { mapping: guessPeopleMapping(headers).mapping, delimiter, country: "US" });
    expect((await rows.next()).value).toMatchObject({ row: 2 });
    expect(await rows.return(undefined)).toEqual({ done: true, value: undefined });
  });
});

describe("readPeopleRows: Breeze and ChurchSuite rows", () => {
  it("takes Breeze's Head of Household as the primary contact and Family ID as the household", async () => {
    const text = `${BREEZE_HEADERS.join(",")}\n12345,Ann,Okafor,,,,F,03/15/1975,77,Head of Household,,(617) 555-0199,,ann@example.org,,\n12346,Ben,Okafor,,,,M,,77,Spouse,,,,,,\n`;
    const rows = await readAll(text, "US");
    expect(rows.map((row) => row.person)).toMatchObject([
      { remoteId: "12345", birthDate: "1975-03-15", phone: "+16175550199", householdKey: "77", householdName: null, householdPrimary: true },
      { remoteId: "12346", householdKey: "77", householdPrimary: false },
    ]);
  });

  it("reads a ChurchSuite row with a British date and a local landline", async () => {
    const text = `${CHURCHSUITE_HEADERS.join(",")}\n9,Mrs,Grace,,Hopper,female,09/12/1956,grace@example.org,,020 7946 0018,1 High St,SW1A 1AA,h-3,The Hoppers\n`;
    const [row] = await readAll(text, "GB");
    expect(row?.person).toMatchObject({ remoteId: "9", givenName: "Grace", birthDate: "1956-12-09", phone: "+442079460018", householdKey: "h-3", householdName: "The Hoppers" });
  });
});

describe("readPeopleRows: rows as a spreadsheet numbers them", () => {
  it("keeps a line break inside a quoted cell in its cell and counts the row once", async () => {
    const text = 'First Name,Notes,Last Name\nAda,"Likes ""engines"",\nand poetry",Lovelace\nCharles,,Babbage\n';
    const rows = await readAll(text, "GB");
    expect(rows.map((row) => [row.row, row.person?.givenName, row.person?.familyName])).toEqual([
      [2, "Ada", "Lovelace"],
      [3, "Charles", "Babbage"],
    ]);
    expect(rows.flatMap((row) => row.problems)).toEqual([]);
  });

  it("skips empty rows silently but counts them", async () => {
    const text = "First Name,Last Name,Email\nAda,Lovelace,\n\n,,\n  ,  , \nCharles,Babbage,\n";
    const rows = await readAll(text, "GB");
    expect(rows.map((row) => [row.row, row.person?.givenName])).toEqual([
      [2, "Ada"],
      [6, "Charles"],
    ]);
  });

  it("reads Windows, Unix and old Mac line endings, mixed", async () => {
    const rows = await readAll("First Name,Last Name\r\nAda,Lovelace\nCharles,Babbage\rGrace,Hopper\r\n", "GB");
    expect(rows.map((row) => [row.row, row.person?.familyName])).toEqual([
      [2, "Lovelace"],
      [3, "Babbage"],
      [4, "Hopper"],
    ]);
  });

  it("streams a file larger than one piece, keeping accented letters and emoji whole at the seams", async () => {
    const lines = ["First Name,Last Name,Household Name"];
    for (let index = 0; index < 6000; index++) lines.push(`José${index},Ñúñez,Family 👪 ${index}`);
    const text = lines.join("\n");
    expect(text.length).toBeGreaterThan(2 * 64 * 1024);
    const rows = await readAll(text, "ES");
    expect(rows).toHaveLength(6000);
    expect(rows.every((row, index) => row.row === index + 2 && row.person?.givenName === `José${index}` && row.person.householdName === `Family 👪 ${index}`)).toBe(true);
  });

  it("reads rows shorter than the header: the missing cells are empty", async () => {
    const [row] = await readAll("First Name,Last Name,Email,Mobile\nAda,Lovelace\n", "GB");
    expect(row?.person).toMatchObject({ givenName: "Ada", email: null, phone: null });
  });
});

describe("readPeopleRows: birth dates", () => {
  it("reads month first in the US and day first in Britain", async () => {
    const us = await readOneField("Birthdate", ["12/25/1990", "2/28/1976"], "US");
    expect(us.map((row) => row.person?.birthDate)).toEqual(["1990-12-25", "1976-02-28"]);
    const gb = await readOneField("Birthdate", ["25/12/1990", "25.12.1990", "25-12-1990"], "GB");
    expect(gb.map((row) => row.person?.birthDate)).toEqual(["1990-12-25", "1990-12-25", "1990-12-25"]);
    expect([...us, ...gb].flatMap((row) => row.problems)).toEqual([]);
  });

  it("reads an ambiguous date in the country's order, with a warning saying how it was read", async () => {
    const [us] = await readOneField("Birthdate", ["05/06/1990"], "US");
    expect(us?.person?.birthDate).toBe("1990-05-06");
    expect(us?.problems).toEqual([{ row: 2, column: "Birthdate", severity: "warning", message: "Birthdate: “05/06/1990” is an ambiguous date read as 6 May 1990 (month first)." }]);
    const [gb] = await readOneField("Birthdate", ["05/06/1990"], "GB");
    expect(gb?.person?.birthDate).toBe("1990-06-05");
    expect(messagesOf(gb)).toEqual(["Birthdate: “05/06/1990” is an ambiguous date read as 5 June 1990 (day first)."]);
  });

  it("reads a date whose day and month are the same without a warning", async () => {
    const [row] = await readOneField("Birthdate", ["05/05/1990"], "GB");
    expect(row).toMatchObject({ person: { birthDate: "1990-05-05" }, problems: [] });
  });

  it("reads year-first dates, dates with a time, and month names in any country", async () => {
    const rows = await readOneField("Birthdate", ["1990-05-06", "1990/05/06", "1990-05-06T00:00:00Z", "5/6/1990 0:00", "6 May 1990", "May 6, 1990", "6-Sep-1990"], "US");
    expect(rows.map((row) => row.person?.birthDate)).toEqual(["1990-05-06", "1990-05-06", "1990-05-06", "1990-05-06", "1990-05-06", "1990-05-06", "1990-09-06"]);
    expect(rows.slice(0, 3).concat(rows.slice(4)).flatMap((row) => row.problems)).toEqual([]);
  });

  it.each([
    ["an impossible date", "31/02/1990", "Birthdate: “31/02/1990” is not a date (dates like this are read as day/month/year), so it was left out."],
    ["a month-first date in a day-first country", "05/13/1990", "Birthdate: “05/13/1990” is not a date (dates like this are read as day/month/year), so it was left out."],
    ["a two-digit year", "05/06/90", "Birthdate: “05/06/90” has a two-digit year, which could be 19… or 20…, so it was left out. Write the year in full, like 1990."],
    ["a future date", "2999-01-01", "Birthdate: “2999-01-01” is in the future, so it was left out."],
    ["text", "unknown", "Birthdate: “unknown” is not a date, so it was left out."],
    ["the year 0", "0000-01-01", "Birthdate: “0000-01-01” is before 1900, so it was left out."],
  ])("leaves out %s with a warning, importing the row", async (_, cell, message) => {
    const [row] = await readOneField("Birthdate", [cell], "GB");
    expect(row?.person).toMatchObject({ givenName: "Ada", birthDate: null });
    expect(row?.problems).toEqual([{ row: 2, column: "Birthdate", severity: "warning", message }]);
  });
});

describe("readPeopleRows: phones and emails", () => {
  it("reads a local number as the church's country writes it", async () => {
    const [gb] = await readOneField("Mobile Phone Number", ["07911 123456"], "GB");
    expect(gb?.person?.phone).toBe("+447911123456");
    const [us] = await readOneField("Mobile Phone Number", ["(415) 555-0123"], "US");
    expect(us?.person?.phone).toBe("+14155550123");
    const [abroad] = await readOneField("Mobile Phone Number", ["+44 7911 123456"], "US");
    expect(abroad?.person?.phone).toBe("+447911123456");
  });

  it("leaves out an invalid mobile with a warning and takes the home phone instead", async () => {
    const rows = await readAll("First Name,Last Name,Mobile,Home Phone\nAda,Lovelace,12345,020 7946 0018\n", "GB");
    expect(rows[0]?.person?.phone).toBe("+442079460018");
    expect(rows[0]?.problems).toEqual([
      { row: 2, column: "Mobile", severity: "warning", message: "Mobile: “12345” is not a phone number, so it was left out (numbers without a country code are read as GB numbers)." },
    ]);
  });

  it("reads the country code case-insensitively and refuses one it does not know", async () => {
    const [row] = await readOneField("Mobile", ["07911 123456"], "gb");
    expect(row?.person?.phone).toBe("+447911123456");
    await expect(readOneField("Mobile", ["07911 123456"], "XX")).rejects.toThrow(RangeError);
  });

  it("lower-cases an email and leaves out an invalid one with a warning", async () => {
    const rows = await readOneField("Email", ["Ada@Example.ORG", "ada at example.org"], "GB");
    expect(rows[0]?.person?.email).toBe("ada@example.org");
    expect(rows[1]?.person).toMatchObject({ givenName: "Ada", email: null });
    expect(rows[1]?.problems).toEqual([{ row: 3, column: "Email", severity: "warning", message: "Email: “ada at example.org” is not an email address, so it was left out." }]);
  });
});

describe("readPeopleRows: rows refused", () => {
  it.each([
    ["First Name", "=HYPERLINK(\"http://x\")", "“=HYPERLINK(\"http://x\")” starts with “=”"],
    ["First Name", "  @SUM(A1)", "“@SUM(A1)” starts with “@”"],
    ["Last Name", "-2+3", "“-2+3” starts with “-”"],
    ["Last Name", "+cmd", "“+cmd” starts with “+”"],
    ["Nickname", "\t=1", "starts with a tab"],
    ["Household Name", "\r=1", "starts with a line break"],
    ["Remote ID", "=1+1", "“=1+1” starts with “=”"],
  ])("refuses a row whose %s looks like a formula (%j)", async (header, cell, message) => {
    const cells: Record<string, string> = { "First Name": "Ada", "Last Name": "Lovelace", Nickname: "", "Household Name": "", "Remote ID": "", [header]: cell };
    const text = `${Object.keys(cells).join(",")}\n${Object.values(cells).map(csvCell).join(",")}\nCharles,Babbage,,,\n`;
    const rows = await readAll(text, "GB");
    expect(rows[0]?.person).toBeNull();
    expect(rows[0]?.problems).toHaveLength(1);
    expect(rows[0]?.problems[0]).toMatchObject({ row: 2, column: header, severity: "error" });
    expect(rows[0]?.problems[0]?.message).toContain(message);
    expect(rows[0]?.problems[0]?.message).toContain("spreadsheet programs run as a formula, so the row was not imported");
    expect(rows[1]?.person?.givenName).toBe("Charles");
  });

  it("allows a leading + or - in a phone column, but not =", async () => {
    const rows = await readOneField("Mobile", ["+44 7911 123456", "-", "=1+1"], "GB");
    expect(rows[0]?.person?.phone).toBe("+447911123456");
    expect(rows[1]?.person).not.toBeNull();
    expect(rows[1]?.problems[0]?.severity).toBe("warning");
    expect(rows[2]?.person).toBeNull();
    expect(rows[2]?.problems[0]).toMatchObject({ column: "Mobile", severity: "error" });
  });

  it("refuses a row with a cell longer than the limit, without quoting it whole", async () => {
    const rows = await readOneField("Nickname", ["x".repeat(MAX_CELL_CHARACTERS), "x".repeat(MAX_CELL_CHARACTERS + 1)], "GB");
    expect(rows[0]?.problems.map((problem) => problem.severity)).toEqual(["error"]); // 1000 characters is a valid cell but too long for a name
    expect(rows[1]?.person).toBeNull();
    expect(rows[1]?.problems).toEqual([{ row: 3, column: "Nickname", severity: "error", message: "Nickname: the cell has 1,001 characters, more than the 1,000 allowed, so the row was not imported." }]);
  });

  it("refuses control characters and angle brackets in names, and names longer than 100 characters", async () => {
    const rows = await readOneField("Nickname", ["Bo\u0007b", "Bob\u202Eoj", "<b>Bob</b>", "B".repeat(101), "B".repeat(100)], "GB");
    expect(rows.map((row) => row.person === null)).toEqual([true, true, true, true, false]);
    expect(messagesOf(rows[0])).toEqual(["Nickname: “Bo\u0007b” contains an invisible control character, so the row was not imported."]);
    expect(messagesOf(rows[2])).toEqual(["Nickname: “<b>Bob</b>” contains < or >, which a name cannot have, so the row was not imported."]);
    expect(messagesOf(rows[3])[0]).toContain("is longer than 100 characters");
  });

  it("refuses a row without a first or last name, but takes either alone", async () => {
    const rows = await readAll("First Name,Last Name,Email\n,,ada@example.org\nAda,,\n,Lovelace,\n", "GB");
    expect(rows[0]).toEqual({ row: 2, person: null, problems: [{ row: 2, column: null, severity: "error", message: "This row has no first or last name, so it was not imported." }] });
    expect(rows[1]?.person).toMatchObject({ givenName: "Ada", familyName: "" });
    expect(rows[2]?.person).toMatchObject({ givenName: "", familyName: "Lovelace" });
  });

  it("reports every problem of a refused row at once", async () => {
    const [row] = await readAll("First Name,Last Name,Email\n=1,-1,nope\n", "GB");
    expect(row?.person).toBeNull();
    expect(row?.problems.map((problem) => problem.column)).toEqual(["First Name", "Last Name"]);
  });
});

describe("readPeopleRows: files refused", () => {
  async function rowsOf(text: string, mapping: PeopleColumnMapping = { given_name: "First Name", family_name: "Last Name" }): Promise<ReadPersonRow[]> {
    const rows: ReadPersonRow[] = [];
    for await (const row of readPeopleRows(text, { mapping, delimiter: ",", country: "GB" })) rows.push(row);
    return rows;
  }

  it("refuses a row longer than the limit, naming the row and the limit", async () => {
    const text = `First Name,Last Name\nAda,Lovelace\nCharles,"${"x".repeat(70_000)}"\n`;
    expect((await refusalOf(rowsOf(text))).message).toMatch(/^Row 3 is longer than 65,536 characters/);
  });

  it("refuses a quote mark that is never closed", async () => {
    expect((await refusalOf(rowsOf('First Name,Last Name\nAda,Lovelace\nCharles,"Babbage\n'))).message).toMatch(/^A quote mark \(\"\) in row 3 is never closed/);
  });

  it(`refuses a row of more than ${MAX_COLUMNS} cells`, async () => {
    const text = `First Name,Last Name\nAda,Lovelace${",".repeat(MAX_COLUMNS)}\n`;
    expect((await refusalOf(rowsOf(text))).message).toContain("Row 2 has 202 columns");
  });

  it("refuses a mapping that names a column the file does not have, or no name column", async () => {
    expect((await refusalOf(rowsOf("First Name,Last Name\nAda,Lovelace\n", { given_name: "First Name", email: "Email" }))).message).toBe(
      "The column “Email” is not in this file. Choose the columns again.",
    );
    expect((await refusalOf(rowsOf("First Name,Last Name\nAda,Lovelace\n", { email: "First Name" }))).message).toContain("first names or the one that holds last names");
  });

  it("refuses an empty file", async () => {
    expect((await refusalOf(rowsOf(""))).message).toBe("The file is empty.");
  });
});
