import type { Database } from "../db/database.ts";
import { foldName } from "../membership/fold-name.ts";
import type { ImportedPerson, ReadPersonRow, RowProblem } from "./read-people-csv.ts";

/** A membership record's fields an import writes, as the table names them. */
export interface RecordFields {
  given_name: string;
  family_name: string;
  nickname: string | null;
  middle_name: string | null;
  gender: string | null;
  address: string | null;
  birth_date: string | null;
  email: string | null;
  phone: string | null;
  household_id: string | null;
  household_name: string | null;
  remote_id: string | null;
}
export const RECORD_FIELDS = [
  "given_name",
  "family_name",
  "nickname",
  "middle_name",
  "gender",
  "address",
  "birth_date",
  "email",
  "phone",
  "household_id",
  "household_name",
  "remote_id",
] as const satisfies readonly (keyof RecordFields)[];

export type PlannedRow =
  | { kind: "create"; row: number; fields: RecordFields }
  | { kind: "update"; row: number; recordId: string; before: Partial<RecordFields>; after: Partial<RecordFields> }
  | { kind: "unchanged"; row: number; recordId: string }
  | { kind: "skip"; row: number };

interface ExistingRecord extends RecordFields {
  id: string;
}

/**
 * Who a row already is, remembered across the whole file: the same person twice in one file is imported once
 * (the later row is skipped, with a warning naming the first).
 */
export class SeenInFile {
  private readonly rows = new Map<string, number>();
  firstRowOf(keys: readonly string[]): number | undefined {
    for (const key of keys) {
      const row = this.rows.get(key);
      if (row !== undefined) return row;
    }
    return undefined;
  }
  remember(keys: readonly string[], row: number): void {
    for (const key of keys) this.rows.set(key, row);
  }
}

/**
 * The keys that say two rows are one person. A row with the other system's id is told apart by it alone: that
 * system says two ids are two people, whatever their names (twins share a birth date and often an address).
 */
function identityKeys(person: ImportedPerson, recordId: string | null): string[] {
  const keys: string[] = [];
  if (recordId) keys.push(`record:${recordId}`);
  if (person.remoteId) return [...keys, `remote:${person.remoteId}`];
  if (person.email) keys.push(`email:${person.email}:${foldName(person.givenName)}`);
  if (person.birthDate) keys.push(`born:${person.birthDate}:${foldName(person.givenName)}:${foldName(person.familyName)}`);
  return keys;
}

/** The record's fields as the row gives them. */
function fieldsOf(person: ImportedPerson): RecordFields {
  return {
    given_name: person.givenName,
    family_name: person.familyName,
    nickname: person.nickname,
    middle_name: person.middleName,
    gender: person.gender,
    address: person.address,
    birth_date: person.birthDate,
    email: person.email,
    phone: person.phone,
    household_id: person.householdKey,
    household_name: person.householdName,
    remote_id: person.remoteId,
  };
}

/**
 * Matches the rows to the register, in three steps as Planning Center does: the other system's id, then the
 * email address with the same first name (household members often share one address), then the name with the
 * birth date. A record that holds another system id is never matched by email or name: it is someone else.
 * Then says what each row does: create, update the fields the file gives that differ (a blank cell never
 * erases what the register knows), leave unchanged, or skip. A few queries for the whole batch.
 */
export async function planPeopleBatch(database: Database, rows: readonly ReadPersonRow[], seen: SeenInFile): Promise<{ planned: PlannedRow[]; problems: RowProblem[] }> {
  const people = rows.flatMap((row) => (row.person ? [row.person] : []));
  // Three indexed lookups, each a join from the batch's values so that even a plan made when the register was
  // empty (a prepared statement's generic plan) walks the index, never the whole register; the email and birth
  // date ones only for the rows the other system's id did not find, which a re-import makes none.
  const columns = `m.id, ${RECORD_FIELDS.map((field) => `m.${field}`).join(", ")}`;
  const byRemote = await database.query<ExistingRecord>(
    `SELECT ${columns} FROM unnest($1::text[]) AS wanted(remote_id) JOIN membership_record m ON m.remote_id = wanted.remote_id`,
    [unique(people.map((person) => person.remoteId))],
  );
  const found = new Set(byRemote.map((record) => record.remote_id));
  const unfound = people.filter((person) => !person.remoteId || !found.has(person.remoteId));
  const others =
    unfound.length === 0
      ? []
      : await database.query<ExistingRecord>(
          `SELECT ${columns} FROM unnest($1::text[]) AS wanted(email) JOIN membership_record m ON m.email = wanted.email
           UNION SELECT ${columns} FROM unnest($2::text[]) AS wanted(birth_date) JOIN membership_record m ON m.birth_date = wanted.birth_date`,
          [unique(unfound.map((person) => person.email)), unique(unfound.map((person) => person.birthDate))],
        );
  const index = indexCandidates([...byRemote, ...others]);
  const problems: RowProblem[] = [];
  const planned: PlannedRow[] = [];
  for (const row of rows) {
    problems.push(...row.problems);
    const person = row.person;
    if (!person) {
      planned.push({ kind: "skip", row: row.row });
      continue;
    }
    const match = matchOf(person, index);
    const keys = identityKeys(person, match?.id ?? null);
    const earlier = seen.firstRowOf(keys);
    if (earlier !== undefined) {
      problems.push({ row: row.row, column: null, message: `The same person as row ${earlier}: this row is left out.`, severity: "warning" });
      planned.push({ kind: "skip", row: row.row });
      continue;
    }
    seen.remember(keys, row.row);
    if (!match) {
      planned.push({ kind: "create", row: row.row, fields: fieldsOf(person) });
      continue;
    }
    const given = fieldsOf(person);
    const before: Partial<RecordFields> = {};
    const after: Partial<RecordFields> = {};
    for (const field of RECORD_FIELDS) {
      const value = given[field];
      if (value === null || value === "" || value === match[field]) continue;
      before[field] = match[field] as never;
      after[field] = value as never;
    }
    planned.push(Object.keys(after).length === 0 ? { kind: "unchanged", row: row.row, recordId: match.id } : { kind: "update", row: row.row, recordId: match.id, before, after });
  }
  return { planned, problems };
}

/** The batch's candidates by the other system's id, by email and by birth date: each row looks at a few, not all. */
interface CandidateIndex {
  byRemoteId: ReadonlyMap<string, ExistingRecord>;
  byEmail: ReadonlyMap<string, ExistingRecord[]>;
  byBirthDate: ReadonlyMap<string, ExistingRecord[]>;
}

function indexCandidates(candidates: readonly ExistingRecord[]): CandidateIndex {
  const byRemoteId = new Map<string, ExistingRecord>();
  const byEmail = new Map<string, ExistingRecord[]>();
  const byBirthDate = new Map<string, ExistingRecord[]>();
  const add = (map: Map<string, ExistingRecord[]>, key: string | null, record: ExistingRecord) => {
    if (key === null) return;
    const list = map.get(key);
    if (list) {
      if (!list.some((listed) => listed.id === record.id)) list.push(record);
    } else map.set(key, [record]);
  };
  for (const record of candidates) {
    if (record.remote_id) byRemoteId.set(record.remote_id, record);
    add(byEmail, record.email, record);
    add(byBirthDate, record.birth_date, record);
  }
  return { byRemoteId, byEmail, byBirthDate };
}

function matchOf(person: ImportedPerson, index: CandidateIndex): ExistingRecord | null {
  if (person.remoteId) {
    const same = index.byRemoteId.get(person.remoteId);
    if (same) return same;
  }
  // Records that belong to another of that system's people are not this person's.
  const open = (record: ExistingRecord) => record.remote_id === null || record.remote_id === person.remoteId;
  const given = foldName(person.givenName);
  if (person.email) {
    const byEmail = (index.byEmail.get(person.email) ?? []).filter((record) => open(record) && foldName(record.given_name) === given);
    if (byEmail.length === 1) return byEmail[0]!;
  }
  if (person.birthDate) {
    const family = foldName(person.familyName);
    const byName = (index.byBirthDate.get(person.birthDate) ?? []).filter((record) => open(record) && foldName(record.given_name) === given && foldName(record.family_name) === family);
    if (byName.length === 1) return byName[0]!;
  }
  return null;
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}
