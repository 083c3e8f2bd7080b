import { describe, expect, it } from "vitest";
import { writersOtherThan } from "../kernel/owned-writes.ts";

/**
 * lib/users/account-lock.ts is the one owner of an account's row lock: a module that locks `account` rows in
 * its own SQL (`FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`, directly or `OF` the account's alias) or with
 * an advisory lock keyed by a member would be a second convention for the same turn-taking, and two
 * conventions for one row deadlock or fail to exclude each other.
 */

const OWNER = "lib/users/account-lock.ts";


const ROW_LOCK = /\bFOR\s+(?:NO\s+KEY\s+UPDATE|UPDATE|SHARE|KEY\s+SHARE)\b(?:\s+OF\s+(\w+))?/gi;

/** Whether one SQL text locks rows of `account`: with no `OF` while it reads `account`, or `OF` the account's alias. */
function locksAccountRows(sql: string): boolean {
  const accountAliases = [...sql.matchAll(/\b(?:FROM|JOIN)\s+account\b(?:\s+(?:AS\s+)?(?!WHERE|JOIN|LEFT|INNER|ON|ORDER|FOR|LIMIT)(\w+))?/gi)].map((match) => match[1]?.toLowerCase() ?? "account");
  if (accountAliases.length === 0) return false;
  return [...sql.matchAll(ROW_LOCK)].some((lock) => lock[1] === undefined || accountAliases.includes(lock[1].toLowerCase()));
}

describe("locking an account's row", () => {
  it("is recognised in SQL", () => {
    expect(locksAccountRows("SELECT id FROM account WHERE id = $1::uuid FOR UPDATE")).toBe(true);
    expect(locksAccountRows("SELECT 1 FROM account WHERE id = $1 FOR NO KEY UPDATE")).toBe(true);
    expect(locksAccountRows("SELECT a.id FROM account a JOIN guardianship g ON g.guardian_id = a.id FOR UPDATE OF a")).toBe(true);
    expect(locksAccountRows("SELECT d.id FROM device_code d JOIN account a ON a.id = d.user_id FOR UPDATE OF d")).toBe(false);
    expect(locksAccountRows("SELECT id FROM family WHERE id = $1 FOR UPDATE")).toBe(false);
  });

  it("happens only in lib/users/account-lock.ts", () => {
    const offenders = writersOtherThan([OWNER], (source) => {
      const sqlTexts = [...source.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);
      return sqlTexts.some(locksAccountRows) || /pg_advisory_xact_lock\([^)]*'(?:check-in-card|account|member|user)[:-]/.test(source);
    });
    expect(offenders, "lock account rows themselves instead of through lib/users/account-lock.ts").toEqual([]);
  });
});
