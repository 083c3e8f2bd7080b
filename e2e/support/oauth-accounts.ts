/**
 * Accounts and clients of the OAuth tests' own, written straight into the test database, so that nothing a
 * test does to them (consents, attempt limits, spent TOTP steps, removed roles) touches the seeded demo
 * accounts other specs sign in with.
 *
 * A test member gets the password hash of member@example.org (so its password is `demo-password`) and,
 * unless told otherwise, the same roles. A TOTP test member gets a copy of totp@example.org's confirmed
 * authenticator, so its codes come from the seed's DEMO_TOTP_SECRET while its used steps are its own.
 */
import { randomUUID } from "node:crypto";
import { generate } from "otplib";
import { sql } from "./database.ts";
import { DEMO_PASSWORD, type Account } from "./oauth-browser.ts";
import { tokenHash } from "./oauth-tokens.ts";

export const SEEDED = {
  member: "member@example.org",
  totp: "totp@example.org",
  guardian: "guardian@example.org",
  staff: "staff@example.org",
} as const;

export interface TestMember extends Account {
  id: string;
  givenName: string;
  familyName: string;
}

/** A fresh address nobody has used, for one test. */
export function uniqueEmail(label: string): string {
  return `oauth-${label}-${randomUUID().slice(0, 8)}@example.org`;
}

/**
 * A new member who signs in with `demo-password`; `roles: "member"` copies member@example.org's roles,
 * `roles: "none"` leaves them without any (so without `profile:read`).
 */
export async function createTestMember(label: string, options: { roles?: "member" | "none"; totpSecret?: string } = {}): Promise<TestMember> {
  const email = uniqueEmail(label);
  const givenName = "Test";
  const familyName = `Member ${label}`;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO account (email, email_verified_at, password_hash, given_name, family_name, locale)
     SELECT $1, now(), password_hash, $2, $3, 'en' FROM account WHERE email = $4
     RETURNING id`,
    [email, givenName, familyName, SEEDED.member],
  );
  if (!row) throw new Error(`${SEEDED.member} is not seeded yet`);
  if ((options.roles ?? "member") === "member") {
    await sql(
      `INSERT INTO user_role (user_id, role_id) SELECT $1, ur.role_id FROM user_role ur JOIN account a ON a.id = ur.user_id WHERE a.email = $2`,
      [row.id, SEEDED.member],
    );
  }
  const member: TestMember = { id: row.id, email, password: DEMO_PASSWORD, givenName, familyName };
  if (options.totpSecret) {
    const copied = await sql(
      `INSERT INTO totp_credential (user_id, secret_encrypted, status, confirmed_at)
       SELECT $1, t.secret_encrypted, t.status, now() FROM totp_credential t JOIN account a ON a.id = t.user_id
        WHERE a.email = $2 AND t.status = 'confirmed'
       RETURNING user_id`,
      [row.id, SEEDED.totp],
    );
    if (copied.length !== 1) throw new Error(`${SEEDED.totp} has no confirmed TOTP to copy`);
    member.secondFactor = () => nextTotpCode(email, options.totpSecret!);
  }
  return member;
}

/**
 * A TOTP code the server will accept now for this account: the earliest 30-second step within its ±1
 * window that is later than the account's last accepted step (a code is accepted once). Waits for the next
 * step only when even the window's last one is spent.
 */
export async function nextTotpCode(email: string, secret: string): Promise<string> {
  for (;;) {
    const [row] = await sql<{ last_used_step: string | null }>(
      `SELECT t.last_used_step FROM totp_credential t JOIN account a ON a.id = t.user_id WHERE a.email = $1`,
      [email],
    );
    const lastUsed = row?.last_used_step === null || row?.last_used_step === undefined ? -1 : Number(row.last_used_step);
    const current = Math.floor(Date.now() / 1000 / 30);
    const step = [current, current + 1].find((candidate) => candidate > lastUsed);
    if (step !== undefined) return generate({ secret, epoch: step * 30 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** A member's account as the database has it, for the claims userinfo and /api/v1/users/me must show. */
export interface AccountRow {
  id: string;
  email: string | null;
  email_verified_at: Date | null;
  given_name: string;
  family_name: string;
  phone: string | null;
  phone_verified_at: Date | null;
  locale: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function accountByEmail(email: string): Promise<AccountRow> {
  const [row] = await sql<AccountRow>(
    `SELECT id, email, email_verified_at, given_name, family_name, phone, phone_verified_at, locale, created_at, updated_at
       FROM account WHERE email = $1`,
    [email],
  );
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

/** Role names and distinct permissions of an account, sorted, as the database holds them. */
export async function rolesAndPermissions(userId: string): Promise<{ roles: string[]; permissions: string[] }> {
  const roles = await sql<{ name: string }>(`SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.name`, [userId]);
  const permissions = await sql<{ p: string }>(
    `SELECT DISTINCT p FROM user_role ur JOIN role r ON r.id = ur.role_id, unnest(r.permissions) AS p WHERE ur.user_id = $1 ORDER BY p`,
    [userId],
  );
  return { roles: roles.map((row) => row.name).sort(), permissions: permissions.map((row) => row.p).sort() };
}

export interface TestClient {
  id: string;
  secret: string | null;
  redirectUri: string;
}

/**
 * A client of the tests' own, registered straight in the database (idempotent, so parallel workers may
 * both ask for it): `confidential` with a secret, or `public` (PKCE only).
 */
export async function ensureTestClient(kind: "confidential" | "public"): Promise<TestClient> {
  const id = kind === "confidential" ? "oauth-test-confidential" : "oauth-test-public";
  const secret = kind === "confidential" ? "oauth-test-secret-0123456789" : null;
  const redirectUri = "http://127.0.0.1:8080/callback";
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false)
     ON CONFLICT (id) DO NOTHING`,
    [
      id,
      `OAuth tests (${kind})`,
      kind,
      secret ? tokenHash(secret) : null,
      [redirectUri],
      ["http://127.0.0.1:8080/"],
      kind === "confidential" ? ["authorization_code", "refresh_token", "client_credentials"] : ["authorization_code", "refresh_token"],
      ["openid", "profile", "email", "phone", "offline_access"],
    ],
  );
  return { id, secret, redirectUri };
}
