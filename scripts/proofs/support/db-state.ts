/**
 * What the database holds, seen from outside the application (plain SQL, no Prisma, no service code):
 * snapshots of every table to prove a batch of refused requests changed nothing, and the invariants every
 * table must keep to prove a crash left no half-written record.
 */
import pg from "pg";

export interface TableState {
  rows: number;
  checksum: string;
}

export type Snapshot = Map<string, TableState>;

/**
 * Columns left out of a table's checksum, because a refused request may change them by design. Anything
 * not listed here must be byte-for-byte unchanged. Each entry says why.
 */
export const MAY_CHANGE_ON_REFUSAL: Record<string, { columns: "all" | string[]; why: string }> = {
  attempt_counter: {
    columns: "all",
    why: "a refusal is what the attempt limits count (failed sign-ins, wrong codes, per account and per IP): writing the counter on a refusal is the limit working (an attempt is counted before it is judged and given back when it succeeds: docs/decisions/0031)",
  },
  security_event: {
    columns: "all",
    why: "a failed sign-in or second factor against an existing account is logged for its owner (types sign_in_failed, second_factor_failed only: checked separately)",
  },
  kiosk_alert: {
    columns: "all",
    why: "a lobby kiosk's refusal (an unknown pickup tag or member code, a wrong texted code, an adult marked not authorized, a child already checked in) is what staff must see at once (docs/decisions/0023): writing the alert on a refusal is the alert working",
  },
  verification_code: {
    columns: ["attempts"],
    why: "a wrong code counts against that code (5 attempts, then it is dead); nothing else of the row may change",
  },
  // Found by a fresh-clone CI run: a webhook message of an accepted write in one batch is sent after the
  // answer (lib/outbox/deliver-messages.ts), and its failure (a DNS lookup of webhooks.invalid, of no fixed
  // length) is written whenever the lookup gives up, often during a later batch. Only the outbox writes these
  // columns; no request, refused or not, does.
  outbox_message: {
    columns: ["attempts", "next_attempt_at", "last_error", "sent_at"],
    why: "the outbox's attempt bookkeeping of a message accepted in an earlier batch, delivered in the background; a row's recipient, body and count may not change",
  },
  webhook_delivery: {
    columns: ["attempts", "last_status", "last_error", "last_attempt_at", "delivered_at"],
    why: "a webhook attempt of an earlier batch's message, recorded when the endpoint (or its DNS lookup) answers; a delivery's payload and count may not change",
  },
  // The same attempts mark the run's endpoint failing from the first of them (docs/decisions/0027). Disabling
  // it takes five days of failures, far longer than a run: `enabled` and everything else must not change.
  webhook_endpoint: {
    columns: ["failing_since"],
    why: "the first failed webhook attempt of an earlier batch's message marks its endpoint failing; nothing else of an endpoint may change",
  },
};

/** Security-log types a refused request may add (a failure the member should see in their log). */
export const REFUSAL_EVENT_TYPES = new Set(["sign_in_failed", "second_factor_failed"]);

export class Database {
  readonly pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 3, connectionTimeoutMillis: 5_000 });
    // A stopped server (the fault proof) must not crash this process through an idle client's error.
    this.pool.on("error", () => undefined);
  }

  async query<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(text, params)).rows;
  }

  async tables(): Promise<string[]> {
    const rows = await this.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
        ORDER BY table_name`,
    );
    return rows.map((row) => row.table_name);
  }

  /** Row count and an MD5 over every row's JSON (minus the columns a refusal may change), per table. */
  async snapshot(options: { ignoreRefusalColumns: boolean } = { ignoreRefusalColumns: true }): Promise<Snapshot> {
    const snapshot: Snapshot = new Map();
    for (const table of await this.tables()) {
      const rule = options.ignoreRefusalColumns ? MAY_CHANGE_ON_REFUSAL[table] : undefined;
      if (rule?.columns === "all") {
        const [row] = await this.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM "${table}"`);
        snapshot.set(table, { rows: row?.rows ?? 0, checksum: "(not compared)" });
        continue;
      }
      const dropped = rule ? rule.columns : [];
      const [row] = await this.query<{ rows: number; checksum: string | null }>(
        `SELECT count(*)::int AS rows, md5(string_agg(r, E'\\n' ORDER BY r)) AS checksum
           FROM (SELECT (to_jsonb(t) - $1::text[])::text AS r FROM "${table}" t) s`,
        [dropped],
      );
      snapshot.set(table, { rows: row?.rows ?? 0, checksum: row?.checksum ?? "empty" });
    }
    return snapshot;
  }

  async securityEventTypes(): Promise<Map<string, number>> {
    const rows = await this.query<{ type: string; n: number }>(`SELECT type, count(*)::int AS n FROM security_event GROUP BY type`);
    return new Map(rows.map((row) => [row.type, row.n]));
  }

  async end(): Promise<void> {
    await this.pool.end();
  }
}

/** Tables whose rows or checksum differ, with what changed. */
export function diffSnapshots(before: Snapshot, after: Snapshot): { table: string; change: string }[] {
  const changes: { table: string; change: string }[] = [];
  for (const [table, state] of after) {
    // Tables a refusal may write as a whole are judged elsewhere (the security log by event type).
    if (MAY_CHANGE_ON_REFUSAL[table]?.columns === "all") continue;
    const old = before.get(table);
    if (!old) changes.push({ table, change: "new table" });
    else if (old.rows !== state.rows) changes.push({ table, change: `rows ${old.rows} → ${state.rows}` });
    else if (old.checksum !== state.checksum && state.checksum !== "(not compared)") changes.push({ table, change: "rows changed in place" });
  }
  return changes;
}

/**
 * Invariants per table: each query returns the rows that break it (empty = holds). Foreign keys the schema
 * declares are checked again (a constraint dropped by a migration would show here); the rest are the
 * application's own rules, which no constraint enforces and which only a transaction keeps whole.
 */
export const INVARIANTS: { table: string; rule: string; sql: string }[] = [
  // account
  { table: "account", rule: "a verified email has an address", sql: `SELECT id FROM account WHERE email_verified_at IS NOT NULL AND email IS NULL` },
  { table: "account", rule: "a verified phone has a number", sql: `SELECT id FROM account WHERE phone_verified_at IS NOT NULL AND phone IS NULL` },
  // user_role, role
  { table: "user_role", rule: "every role assignment has its account and role", sql: `SELECT ur.user_id FROM user_role ur LEFT JOIN account a ON a.id = ur.user_id LEFT JOIN role r ON r.id = ur.role_id WHERE a.id IS NULL OR r.id IS NULL` },
  // session
  { table: "session", rule: "every session references an account", sql: `SELECT s.id FROM session s LEFT JOIN account a ON a.id = s.user_id WHERE a.id IS NULL` },
  { table: "session", rule: "a session expires after it starts", sql: `SELECT id FROM session WHERE expires_at <= created_at` },
  { table: "session", rule: "a signed-in session was logged (sign_in event for its account at its start)", sql: `SELECT s.id FROM session s WHERE s.created_at > now() - interval '1 day' AND NOT EXISTS (SELECT 1 FROM security_event e WHERE e.user_id = s.user_id AND e.type IN ('sign_in', 'account_created', 'email_verified', 'password_changed', 'recovery_code_used') AND e.created_at BETWEEN s.created_at - interval '5 seconds' AND s.created_at + interval '5 seconds')` },
  // consent
  { table: "consent", rule: "every consent has its account and client", sql: `SELECT c.id FROM consent c LEFT JOIN account a ON a.id = c.user_id LEFT JOIN client k ON k.id = c.client_id WHERE a.id IS NULL OR k.id IS NULL` },
  { table: "consent", rule: "status is granted or revoked, revoked exactly when revoked_at is set", sql: `SELECT id FROM consent WHERE status NOT IN ('granted', 'revoked') OR (status = 'revoked') <> (revoked_at IS NOT NULL)` },
  { table: "consent", rule: "a granted consent has scopes", sql: `SELECT id FROM consent WHERE status = 'granted' AND cardinality(scopes) = 0` },
  // oauth_grant, refresh_token
  { table: "oauth_grant", rule: "every grant has its account and client", sql: `SELECT g.id FROM oauth_grant g LEFT JOIN account a ON a.id = g.user_id LEFT JOIN client k ON k.id = g.client_id WHERE a.id IS NULL OR k.id IS NULL` },
  { table: "oauth_grant", rule: "revoked exactly when a reason is given", sql: `SELECT id FROM oauth_grant WHERE (revoked_at IS NULL) <> (revoked_reason IS NULL)` },
  { table: "oauth_grant", rule: "a grant of a revoked consent is revoked", sql: `SELECT g.id FROM oauth_grant g JOIN consent c ON c.user_id = g.user_id AND c.client_id = g.client_id WHERE c.status = 'revoked' AND g.revoked_at IS NULL AND g.created_at < c.revoked_at` },
  { table: "refresh_token", rule: "every refresh token has its grant", sql: `SELECT r.token_hash FROM refresh_token r LEFT JOIN oauth_grant g ON g.id = r.grant_id WHERE g.id IS NULL` },
  {
    table: "refresh_token",
    rule: "a rotated refresh token of a live grant has its successor (rotation is all or nothing)",
    sql: `SELECT r.token_hash FROM refresh_token r JOIN oauth_grant g ON g.id = r.grant_id
           WHERE g.revoked_at IS NULL AND r.used_at IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM refresh_token n WHERE n.grant_id = r.grant_id AND n.token_hash <> r.token_hash AND n.created_at >= r.used_at - interval '1 second')`,
  },
  { table: "refresh_token", rule: "a live grant has at most one unused refresh token", sql: `SELECT r.grant_id FROM refresh_token r JOIN oauth_grant g ON g.id = r.grant_id WHERE g.revoked_at IS NULL AND r.used_at IS NULL GROUP BY r.grant_id HAVING count(*) > 1` },
  // authorization_code, authorization_request
  { table: "authorization_code", rule: "every code has its account, client and session", sql: `SELECT c.code_hash FROM authorization_code c LEFT JOIN account a ON a.id = c.user_id LEFT JOIN client k ON k.id = c.client_id LEFT JOIN session s ON s.id = c.session_id WHERE a.id IS NULL OR k.id IS NULL OR s.id IS NULL` },
  { table: "authorization_code", rule: "a grant named by a code exists", sql: `SELECT c.code_hash FROM authorization_code c LEFT JOIN oauth_grant g ON g.id = c.grant_id WHERE c.grant_id IS NOT NULL AND g.id IS NULL` },
  { table: "authorization_code", rule: "a redeemed code names its grant (exchange is all or nothing)", sql: `SELECT code_hash FROM authorization_code WHERE used_at IS NOT NULL AND grant_id IS NULL AND replayed_at IS NULL` },
  { table: "authorization_request", rule: "a signed-in request names an existing session", sql: `SELECT r.id FROM authorization_request r LEFT JOIN session s ON s.id = r.signed_in_session_id WHERE r.signed_in_session_id IS NOT NULL AND s.id IS NULL` },
  // verification_code, outbox_message
  { table: "verification_code", rule: "attempts within 0..5", sql: `SELECT id FROM verification_code WHERE attempts < 0 OR attempts > 5` },
  {
    table: "outbox_message",
    rule: "a code sent to a member's own contact or phone has its message (code and message in one transaction)",
    sql: `SELECT v.id FROM verification_code v
           WHERE v.purpose IN ('recovery_contact_verification', 'phone_verification')
             AND NOT EXISTS (SELECT 1 FROM outbox_message o WHERE o.recipient = v.target AND o.created_at BETWEEN v.created_at - interval '5 seconds' AND v.created_at + interval '5 seconds')`,
  },
  { table: "outbox_message", rule: "channel is email or sms with a recipient and body", sql: `SELECT id FROM outbox_message WHERE channel NOT IN ('email', 'sms') OR recipient = '' OR body = ''` },
  // recovery_contact
  { table: "recovery_contact", rule: "every contact has its account", sql: `SELECT c.id FROM recovery_contact c LEFT JOIN account a ON a.id = c.user_id WHERE a.id IS NULL` },
  { table: "recovery_contact", rule: "verified exactly when verified_at is set", sql: `SELECT id FROM recovery_contact WHERE status NOT IN ('pending_verification', 'verified') OR (status = 'verified') <> (verified_at IS NOT NULL)` },
  { table: "recovery_contact", rule: "a pending contact was sent its code", sql: `SELECT c.id FROM recovery_contact c WHERE c.status = 'pending_verification' AND NOT EXISTS (SELECT 1 FROM verification_code v WHERE v.purpose = 'recovery_contact_verification' AND v.subject = c.id::text)` },
  // totp_credential, recovery_code
  { table: "totp_credential", rule: "confirmed exactly when confirmed_at is set", sql: `SELECT user_id FROM totp_credential WHERE status NOT IN ('pending', 'confirmed') OR (status = 'confirmed') <> (confirmed_at IS NOT NULL)` },
  { table: "recovery_code", rule: "every recovery code has its account", sql: `SELECT r.id FROM recovery_code r LEFT JOIN account a ON a.id = r.user_id WHERE a.id IS NULL` },
  // security_event
  { table: "security_event", rule: "every event has its account and a known type", sql: `SELECT e.id FROM security_event e LEFT JOIN account a ON a.id = e.user_id WHERE a.id IS NULL OR e.type !~ '^[a-z_]+$'` },
  // families, guardians
  { table: "family_member", rule: "every member has a family and an account, role adult or child", sql: `SELECT m.user_id FROM family_member m LEFT JOIN family f ON f.id = m.family_id LEFT JOIN account a ON a.id = m.user_id WHERE f.id IS NULL OR a.id IS NULL OR m.role NOT IN ('adult', 'child')` },
  { table: "family", rule: "a family's code uses are not negative", sql: `SELECT id FROM family WHERE code_uses < 0` },
  { table: "guardianship", rule: "every guardianship names two different accounts", sql: `SELECT g.id FROM guardianship g LEFT JOIN account a ON a.id = g.guardian_id LEFT JOIN account d ON d.id = g.dependent_id WHERE a.id IS NULL OR d.id IS NULL OR g.guardian_id = g.dependent_id` },
  // data_request
  { table: "data_request", rule: "a fulfilled export carries its document", sql: `SELECT id FROM data_request WHERE type = 'export' AND status = 'fulfilled' AND (export_json IS NULL OR fulfilled_at IS NULL)` },
  { table: "data_request", rule: "status and type are known; a pending deletion has its due date", sql: `SELECT id FROM data_request WHERE type NOT IN ('export', 'deletion') OR status NOT IN ('pending', 'fulfilled', 'cancelled') OR (type = 'deletion' AND status = 'pending' AND due_at IS NULL)` },
  // signing_key
  { table: "signing_key", rule: "every key has its public and sealed private part", sql: `SELECT id FROM signing_key WHERE private_jwk_encrypted = '' OR public_jwk IS NULL OR alg NOT IN ('ES256', 'RS256')` },
  // calendar
  { table: "event", rule: "every event has its campus and ministry when named, and ends after it starts", sql: `SELECT e.id FROM event e LEFT JOIN campus c ON c.id = e.campus_id LEFT JOIN ministry m ON m.id = e.ministry_id WHERE (e.campus_id IS NOT NULL AND c.id IS NULL) OR (e.ministry_id IS NOT NULL AND m.id IS NULL) OR e.end_at < e.start_at` },
];

export async function checkInvariants(database: Database): Promise<{ table: string; rule: string; violations: number; sample: unknown[] }[]> {
  const results = [];
  for (const invariant of INVARIANTS) {
    const rows = await database.query(invariant.sql);
    results.push({ table: invariant.table, rule: invariant.rule, violations: rows.length, sample: rows.slice(0, 3) });
  }
  return results;
}
