import { protocol, types, type PGlite } from "@electric-sql/pglite";
import type { QueryOptions, SqlQuery } from "./database.ts";

/**
 * The embedded database's raw queries (`database.query` in lib/db.ts) as named prepared statements, as the
 * PostgreSQL pool's already are. PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and
 * Sync one call into WebAssembly at a time, and PostgreSQL parses and plans the text on every call: on the
 * public feed that was half of a request's CPU with the response cache off (docs/decisions/0029). Here a
 * text is parsed and described once; each call is one Bind, Execute and Sync in a single call, and
 * PostgreSQL may keep the plan (its plan cache's usual choice between a custom and a generic plan).
 *
 * What a caller gets is what PGlite's `query` gives: parameters serialized by PGlite's serializers for the
 * types PostgreSQL inferred, rows parsed by its parsers, its DatabaseError on failure. It runs under PGlite's
 * own two locks, as `query` does, so it never lands inside another caller's open transaction. Only plain
 * handles use it: a transaction's statements go through that transaction's client.
 *
 * A generic-plan call (QueryOptions) sends SET plan_cache_mode, the statement and RESET in the same call.
 * Everything up to Sync is one implicit transaction, so if the statement fails the SET is rolled back with
 * it: no later statement runs under the forced mode (the test proves both ways).
 */

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** Null for a statement that returns no rows (an UPDATE without RETURNING). */
  fields: { name: string; dataTypeID: number }[] | null;
}

/** Distinct texts are few (values always travel as parameters); past this, texts run unprepared. */
const MAX_STATEMENTS = 500;

const { serialize } = protocol;

const FORCE_GENERIC_PLAN = "SET plan_cache_mode = force_generic_plan";
const DEFAULT_PLAN_MODE = "RESET plan_cache_mode";

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function preparedQueryOn(pglite: PGlite): SqlQuery {
  const statements = new Map<string, PreparedStatement>();

  async function prepare(text: string): Promise<PreparedStatement> {
    const name = `p${statements.size + 1}`;
    const { messages } = await pglite.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()]), { syncToFs: false });
    let parameterTypes: number[] = [];
    let fields: PreparedStatement["fields"] = null;
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) parameterTypes = message.dataTypeIDs;
      if (message instanceof protocol.messages.RowDescriptionMessage) fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    }
    const statement = { name, parameterTypes, fields };
    statements.set(text, statement);
    return statement;
  }

  /** Bind and Execute of a statement without parameters or rows (the plan mode's SET and RESET). */
  async function bindWithoutParameters(text: string): Promise<Uint8Array[]> {
    const statement = statements.get(text) ?? (await prepare(text));
    return [serialize.bind({ statement: statement.name, values: [] }), serialize.execute({})];
  }

  async function run<Row>(statement: PreparedStatement, params: readonly unknown[], options: QueryOptions): Promise<Row[]> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const call = [serialize.bind({ statement: statement.name, values }), serialize.execute({})];
    const messageParts = options.genericPlan ? [...(await bindWithoutParameters(FORCE_GENERIC_PLAN)), ...call, ...(await bindWithoutParameters(DEFAULT_PLAN_MODE))] : call;
    const { messages } = await pglite.execProtocol(concat([...messageParts, serialize.sync()]), { syncToFs: false });
    const rows: Row[] = [];
    const fields = statement.fields;
    if (!fields) return rows;
    for (const message of messages) {
      if (!(message instanceof protocol.messages.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      message.fields.forEach((value, index) => {
        const field = fields[index]!;
        row[field.name] = types.parseType(value, field.dataTypeID, pglite.parsers);
      });
      rows.push(row as Row);
    }
    return rows;
  }

  return async <Row>(text: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<Row[]> => {
    if (!statements.has(text) && statements.size >= MAX_STATEMENTS) return (await pglite.query<Row>(text, params as unknown[])).rows;
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const rows = await run<Row>(statements.get(text) ?? (await prepare(text)), params, options);
        // As PGlite's `query` does outside a transaction: what was written reaches the data folder.
        await pglite.syncToFs();
        return rows;
      }),
    );
  };
}
