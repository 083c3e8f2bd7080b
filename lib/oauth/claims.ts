import "server-only";
import { sql } from "../db.ts";
import { CLAIMS_BY_SCOPE, isSupportedScope } from "./scopes.ts";

/**
 * The member's standard claims (OIDC Core 5.1) released by the given scopes, for userinfo.
 * Null when the account no longer exists.
 */
interface AccountRow {
  id: string;
  email: string | null;
  email_verified_at: Date | null;
  given_name: string;
  family_name: string;
  phone: string | null;
  phone_verified_at: Date | null;
  locale: string | null;
  updated_at: Date;
}

export async function claimsForScopes(userId: string, scopes: readonly string[]): Promise<Record<string, unknown> | null> {
  const [account] = await sql<AccountRow>(
    `SELECT id, email, email_verified_at, given_name, family_name, phone, phone_verified_at, locale, updated_at
       FROM account WHERE id = $1`,
    [userId],
  );
  if (!account) return null;
  const all: Record<string, unknown> = {
    sub: account.id,
    name: `${account.given_name} ${account.family_name}`.trim(),
    given_name: account.given_name,
    family_name: account.family_name,
    locale: account.locale ?? undefined,
    updated_at: Math.floor(new Date(account.updated_at).getTime() / 1000),
    email: account.email ?? undefined,
    email_verified: account.email ? account.email_verified_at !== null : undefined,
    phone_number: account.phone ?? undefined,
    phone_number_verified: account.phone ? account.phone_verified_at !== null : undefined,
  };
  const released: Record<string, unknown> = { sub: account.id };
  for (const scope of scopes) {
    if (!isSupportedScope(scope)) continue;
    for (const claim of CLAIMS_BY_SCOPE[scope]) {
      if (all[claim] !== undefined) released[claim] = all[claim];
    }
  }
  return released;
}
