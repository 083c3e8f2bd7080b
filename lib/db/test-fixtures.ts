import { randomUUID } from "node:crypto";
import type { Database } from "./database.ts";
import type { RequestContext } from "../kernel/request-context.ts";

/**
 * Rows the service tests (every `*.test.ts` that opens a database through ./service-test.ts) stand on,
 * written straight through Prisma. Every id, address and token hash is fresh unless a test names its own,
 * so the tests of one file share a database without ever meeting each other's rows.
 */

/** The request a service test's calls come from. */
export const TEST_CONTEXT: RequestContext = { ip: "192.0.2.10", userAgent: "service-test" };

/** What the service tests read of a refusal: an IdentityError's or OAuthError's code and description (an AccountError has a code only). */
export interface Refusal {
  code: string;
  description: string;
}

/**
 * What the call threw, or null when it did not throw: `expect((await failure(call))?.code).toBe("not_found")`.
 * Nothing is checked of what was thrown; `E` only names what the test reads of it.
 */
export function failure<E = Refusal>(promise: Promise<unknown>): Promise<E | null> {
  return promise.then(
    () => null,
    (error: unknown) => error as E,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestMember {
  id: string;
  email: string | null;
}

/** A member; by default with a fresh email address and a password (its hash is never checked here). */
export async function insertMember(
  database: Database,
  fields: { email?: string | null; password?: boolean; givenName?: string; familyName?: string; birthDate?: string | null; phone?: string | null } = {},
): Promise<TestMember> {
  const email = fields.email === undefined ? `member-${randomUUID()}@example.org` : fields.email;
  return database.prisma.user.create({
    data: {
      email,
      passwordHash: fields.password === false ? null : "$argon2id$not-checked-by-service-tests",
      givenName: fields.givenName ?? "Test",
      familyName: fields.familyName ?? "Member",
      birthDate: fields.birthDate ?? null,
      phone: fields.phone ?? null,
    },
    select: { id: true, email: true },
  });
}

/** A registered client; third-party unless told otherwise. */
/** A public client by default; `requirePkce: false` makes it a confidential one that may send a nonce instead. */
export async function insertClient(database: Database, fields: { firstParty?: boolean; scopes?: string[]; name?: string; requirePkce?: boolean } = {}): Promise<string> {
  const client = await database.prisma.client.create({
    data: {
      id: `test-${randomUUID()}`,
      name: fields.name ?? "Test app",
      type: fields.requirePkce === false ? "confidential" : "public",
      requirePkce: fields.requirePkce ?? true,
      redirectUris: ["https://app.example.org/callback"],
      grantTypes: ["authorization_code", "refresh_token"],
      scopes: fields.scopes ?? ["openid", "profile", "email", "offline_access"],
      firstParty: fields.firstParty ?? false,
    },
    select: { id: true },
  });
  return client.id;
}

/**
 * A sign-in session of the member: live for a day unless `expiresAt` or `revokedAt` say otherwise; its token
 * hash is fresh unless the test needs to present the session's cookie (`tokenHash: hashToken(cookie)`).
 */
export async function insertSession(
  database: Database,
  userId: string,
  fields: { expiresAt?: Date; revokedAt?: Date; tokenHash?: string } = {},
): Promise<string> {
  const now = new Date();
  const session = await database.prisma.session.create({
    data: {
      userId,
      tokenHash: fields.tokenHash ?? `test-${randomUUID()}`,
      authTime: now,
      amr: ["pwd"],
      lastSeenAt: now,
      expiresAt: fields.expiresAt ?? new Date(now.getTime() + DAY_MS),
      revokedAt: fields.revokedAt ?? null,
    },
    select: { id: true },
  });
  return session.id;
}

/** A live grant (refresh-token family) of the client for the member, issued in `sessionId`. */
export async function insertGrant(database: Database, grant: { userId: string; clientId: string; sessionId: string | null }): Promise<string> {
  const row = await database.prisma.grant.create({
    data: { ...grant, scope: "openid profile", authTime: new Date(), amr: ["pwd"] },
    select: { id: true },
  });
  return row.id;
}

/**
 * The member's security log: type and detail only, sorted by type then detail. Not by time: entries written
 * in one transaction, or in one millisecond, share a timestamp, and their ids are random.
 */
export async function securityEventsOf(database: Database, userId: string): Promise<{ type: string; detail: unknown }[]> {
  const events = await database.prisma.securityEvent.findMany({ where: { userId }, select: { type: true, detail: true } });
  const key = (event: { type: string; detail: unknown }) => `${event.type} ${JSON.stringify(event.detail)}`;
  return events.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
