import type { Database } from "../db/database.ts";
import { insertClient, insertGrant, insertMember, insertSession } from "../db/test-fixtures.ts";

/**
 * What the backup tests (embedded-backup.test.ts, backup-postgres.test.ts) compare between a database and its
 * restored copy: every table of the public schema, `_prisma_migrations` included, as a row count and an MD5
 * over its rows' text, sorted by that text byte-wise (so equal digests mean byte-equal contents, whatever the
 * physical order); the sequences' positions; and the schema's indexes, constraints, triggers and extensions,
 * which a restore must bring back too. Both sides must be read by the same kind of server with the same
 * session settings (row text depends on TimeZone, DateStyle and extra_float_digits).
 */

/** Runs one SQL statement and answers its rows. */
export type RowsOf = <Row>(sql: string) => Promise<Row[]>;

export interface DatabaseContents {
  /** Table name: `rows md5`. */
  tables: Record<string, string>;
  /** Sequence name: `last_value`. */
  sequences: Record<string, string>;
  /** One line per index, constraint, trigger and extension, sorted. */
  schema: string[];
}

export async function databaseContents(rows: RowsOf): Promise<DatabaseContents> {
  const tables: Record<string, string> = {};
  const names = await rows<{ name: string; qualified: string }>(
    `SELECT tablename AS name, format('%I.%I', schemaname, tablename) AS qualified FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  for (const { name, qualified } of names) {
    const [digest] = await rows<{ count: number; md5: string }>(
      `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS md5 FROM ${qualified} AS t`,
    );
    tables[name] = `${digest?.count} ${digest?.md5}`;
  }
  const sequences: Record<string, string> = {};
  for (const sequence of await rows<{ name: string; last_value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  )) {
    sequences[sequence.name] = String(sequence.last_value);
  }
  const schema = await rows<{ line: string }>(`
    SELECT line FROM (
      SELECT 'index ' || indexname || ': ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL
      SELECT 'constraint ' || conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL
      SELECT 'trigger ' || tgname || ': ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL
      SELECT 'extension ' || extname FROM pg_extension
    ) AS lines ORDER BY line COLLATE "C"`);
  return { tables, sequences, schema: schema.map((row) => row.line) };
}

/**
 * Rows through the service tests' own fixtures that a copy must keep to the byte: names with accents,
 * quotes, a backslash, a tab and a newline, a member without a sign-in, a revoked session, a live grant.
 * The tests add the demo calendar, the membership register and the built-in roles and client.
 */
export async function insertRowsWorthKeeping(database: Database): Promise<void> {
  const members = [
    await insertMember(database, { givenName: "Zoë", familyName: "O'Brien-Łukasiewicz", birthDate: "1984-02-29", phone: "+16175550199" }),
    await insertMember(database, { givenName: "Back\\slash", familyName: "Tab\tand\nnewline" }),
    await insertMember(database, { email: null, password: false, givenName: "Ньютон", familyName: "山田" }),
  ];
  const client = await insertClient(database, { name: "Chapel \"display\" app", requirePkce: false });
  for (const member of members) {
    const session = await insertSession(database, member.id);
    await insertSession(database, member.id, { revokedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) });
    await insertGrant(database, { userId: member.id, clientId: client, sessionId: session });
  }
}
