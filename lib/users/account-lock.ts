import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";

/**
 * The one owner of an account's row lock. A change that must see a member's state stay put until it commits
 * (their contacts counted, their household read, their one live secret replaced, their roles changed) takes
 * the member's row first, `FOR UPDATE` (docs/decisions/0019, reason 2), so two such changes for one member
 * take turns instead of both passing a check the other is about to break. Several accounts are locked in id
 * order, so two transactions locking the same ones cannot deadlock. `lib/users/account-lock.test.ts` holds
 * every other module to these functions.
 *
 * The lock answers what callers decide on under it, read in the same statement.
 */
export interface LockedAccount {
  id: string;
  email: string | null;
  phone: string | null;
  given_name: string;
  birth_date: string | null;
  disabled: boolean;
  email_verified: boolean;
  has_password: boolean;
  /** The language they chose (issue 41), for what is written to them under the lock. */
  locale: string | null;
}

const LOCKED_COLUMNS = `id::text AS id, email, phone, given_name, birth_date, disabled_at IS NOT NULL AS disabled,
  email_verified_at IS NOT NULL AS email_verified, password_hash IS NOT NULL AS has_password, locale`;

/** Locks the account's row for the rest of `tx`; undefined when there is no such account. */
export async function lockAccount(tx: Database, userId: string): Promise<LockedAccount | undefined> {
  const [account] = await tx.query<LockedAccount>(`SELECT ${LOCKED_COLUMNS} FROM account WHERE id = $1::uuid FOR UPDATE`, [userId]);
  return account;
}

/** A locked account with whether its two-step sign-in (TOTP) is on, for a sign-in that decides its next step under the lock. */
export interface LockedAccountSigningIn extends LockedAccount {
  totp_confirmed: boolean;
}

/**
 * Locks the row of the account with this (normalized) email for the rest of `tx`; undefined when there is
 * none. Sign-in by email code reads, in the same statement, whether a second step follows.
 */
export async function lockAccountByEmail(tx: Database, email: string): Promise<LockedAccountSigningIn | undefined> {
  const [account] = await tx.query<LockedAccountSigningIn>(
    `SELECT ${LOCKED_COLUMNS}, EXISTS (SELECT 1 FROM totp_credential t WHERE t.user_id = account.id AND t.status = 'confirmed' /* TOTP_STATUS.confirmed */) AS totp_confirmed
       FROM account WHERE email = $1 FOR UPDATE OF account`,
    [email],
  );
  return account;
}

/** Locks the account's row for the rest of `tx`; `not_found` when there is no such account. */
export async function lockAccountOrThrow(tx: Database, userId: string): Promise<LockedAccount> {
  const account = await lockAccount(tx, userId);
  if (!account) throw notFound("user");
  return account;
}

/** Locks these accounts' rows for the rest of `tx`, in id order; answers those that exist, in that order. */
export async function lockAccounts(tx: Database, userIds: readonly string[]): Promise<LockedAccount[]> {
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))].sort();
  if (ids.length === 0) return [];
  return tx.query<LockedAccount>(`SELECT ${LOCKED_COLUMNS} FROM account WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
}
