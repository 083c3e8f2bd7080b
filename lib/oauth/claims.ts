import "server-only";
import type { Database } from "../db/database.ts";
import { CLAIMS_BY_SCOPE, isSupportedScope } from "./scopes.ts";

/**
 * The member's standard claims (OIDC Core 5.1) released by the given scopes, plus the claims `named` one
 * by one (the claims request parameter, OIDC Core 5.5; the caller has checked the client may hold them).
 * Null when the account no longer exists.
 */
export async function claimsForScopes(database: Database, userId: string, scopes: readonly string[], named: readonly string[] = []): Promise<Record<string, unknown> | null> {
  const account = await database.prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerifiedAt: true, givenName: true, familyName: true, nickname: true, phone: true, phoneVerifiedAt: true, locale: true, updatedAt: true },
  });
  if (!account) return null;
  const all: Record<string, unknown> = {
    sub: account.id,
    name: `${account.givenName} ${account.familyName}`.trim(),
    given_name: account.givenName,
    family_name: account.familyName,
    nickname: account.nickname ?? undefined,
    locale: account.locale ?? undefined,
    updated_at: Math.floor(account.updatedAt.getTime() / 1000),
    email: account.email ?? undefined,
    email_verified: account.email ? account.emailVerifiedAt !== null : undefined,
    phone_number: account.phone ?? undefined,
    phone_number_verified: account.phone ? account.phoneVerifiedAt !== null : undefined,
  };
  const released: Record<string, unknown> = { sub: account.id };
  for (const scope of scopes) {
    if (!isSupportedScope(scope)) continue;
    for (const claim of CLAIMS_BY_SCOPE[scope]) {
      if (all[claim] !== undefined) released[claim] = all[claim];
    }
  }
  for (const claim of named) if (Object.hasOwn(all, claim) && all[claim] !== undefined) released[claim] = all[claim];
  return released;
}
