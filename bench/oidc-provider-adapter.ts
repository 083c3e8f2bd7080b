/**
 * A PostgreSQL adapter for oidc-provider, so that the benchmark compares it with our server on equal terms:
 * ours keeps every grant, code and refresh token in PostgreSQL, so oidc-provider does too. It is the usual
 * shape of the SQL adapters in oidc-provider's examples: one table, the payload as jsonb, the columns the
 * adapter looks things up by (grant id, user code, session uid), an expiry and a consumed mark. Every query
 * is a named prepared statement, as in lib/db.ts, on a pool of the same size (10).
 *
 * Also the one account oidc-provider signs in (findAccount), read from PostgreSQL on every use, as a real
 * deployment would and as ours does on every refresh.
 */
import type { Account, Adapter, AdapterPayload } from "oidc-provider";
import pg from "pg";

const TABLE = "bench_oidc_provider_payload";
const ACCOUNTS = "bench_oidc_provider_account";

/** Creates (empty) the adapter's tables in the bench database, and the account `member`. */
export async function prepareTables(pool: pg.Pool): Promise<void> {
  await pool.query(`
    DROP TABLE IF EXISTS ${TABLE}, ${ACCOUNTS};
    CREATE TABLE ${TABLE} (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX ON ${TABLE} (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX ON ${TABLE} (uid) WHERE uid IS NOT NULL;
    CREATE INDEX ON ${TABLE} (user_code) WHERE user_code IS NOT NULL;
    CREATE TABLE ${ACCOUNTS} (id text PRIMARY KEY, email text NOT NULL, name text NOT NULL, email_verified boolean NOT NULL);
    INSERT INTO ${ACCOUNTS} VALUES ('member', 'member@example.org', 'Member Example', true);
  `);
}

interface Row {
  payload: AdapterPayload;
  consumed: boolean;
}

const LIVE = `(expires_at IS NULL OR expires_at > now())`;

export function postgresAdapter(pool: pg.Pool): new (model: string) => Adapter {
  const query = async <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    (await pool.query<R>({ name: `bench_op_${name}`, text, values })).rows;
  const findBy = async (name: string, column: string, model: string, value: string) => {
    const [row] = await query<Row>(
      `find_by_${name}`,
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM ${TABLE} WHERE model = $1 AND ${column} = $2 AND ${LIVE}`,
      [model, value],
    );
    return row ? { ...row.payload, ...(row.consumed ? { consumed: true } : {}) } : undefined;
  };

  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const text = (key: string) => (typeof payload[key] === "string" ? payload[key] : null);
      await query(
        "upsert",
        `INSERT INTO ${TABLE} (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [this.model, id, payload, text("grantId"), text("userCode"), text("uid"), expiresIn ?? null],
      );
    }

    find(id: string) {
      return findBy("id", "id", this.model, id);
    }

    findByUid(uid: string) {
      return findBy("uid", "uid", this.model, uid);
    }

    findByUserCode(userCode: string) {
      return findBy("user_code", "user_code", this.model, userCode);
    }

    async consume(id: string): Promise<void> {
      await query("consume", `UPDATE ${TABLE} SET consumed_at = now() WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      await query("destroy", `DELETE FROM ${TABLE} WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await query("revoke_by_grant_id", `DELETE FROM ${TABLE} WHERE model = $1 AND grant_id = $2`, [this.model, grantId]);
    }
  };
}

interface AccountRow {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
}

/** oidc-provider's findAccount, reading the account from PostgreSQL (null: memory mode, a fixed account). */
export function findAccount(pool: pg.Pool | null) {
  return async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    let row: AccountRow | undefined;
    if (pool) {
      row = (await pool.query<AccountRow>({ name: "bench_op_account", text: `SELECT id, email, name, email_verified FROM ${ACCOUNTS} WHERE id = $1`, values: [sub] })).rows[0];
    } else if (sub === "member") {
      row = { id: "member", email: "member@example.org", name: "Member Example", email_verified: true };
    }
    if (!row) return undefined;
    const { id, email, name, email_verified } = row;
    return { accountId: id, claims: () => ({ sub: id, name, email, email_verified }) };
  };
}
