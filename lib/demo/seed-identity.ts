import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { DEFAULT_KIOSK_CLIENT_ID } from "../portal-api/kiosk-paths.ts";
import type { BuiltInRoleName } from "../identity/built-in-roles.ts";
import { PORTAL_SCOPES } from "../oauth/clients/portal-scopes.ts";
import { DEVICE_CODE_GRANT_TYPE } from "../oauth/device/device-policy.ts";

/**
 * Demo identities for development, demos and the end-to-end tests: six accounts (password `demo-password`)
 * with the built-in roles, a guardian's two dependants and their family, the third-party `demo-app` and the
 * lobby kiosk `demo-kiosk` (device codes). The roles and the portal's own client are the server's
 * (lib/system/ensure-built-ins.ts), written here first as well.
 * Idempotent: running it again puts every demo row back as described here (passwords, roles, TOTP,
 * unused recovery codes) and touches nothing else.
 *
 * Never run by a server start: only by `npm run db:seed`, `npm run demo` (before it starts the server) and
 * e2e/prepare-database.ts.
 *
 * The constants below are imported by tests running in plain Node, so this module must not import
 * `server-only` code at its top: the seed loads the server's modules (password hashing, sealing, client
 * registration) when it runs, which needs Node's "react-server" condition (the scripts make sure of it).
 */

export const DEMO_PASSWORD = "demo-password";

/**
 * The TOTP secret of totp@, staff@ and admin@example.org (base32, SHA-1, 6 digits, 30 s): add it to an
 * authenticator app. Staff tools need a sign-in with a second factor (docs/decisions/0018), so the demo's
 * staff accounts have one.
 */
export const DEMO_TOTP_SECRET = "GRACEHARBORDEMOTOTPSECRET2345672";

/** The demo accounts with two-step sign-in on. */
export const TWO_STEP_ACCOUNTS = ["totp", "staff", "admin"] as const;

/** The ten recovery codes of each account with two-step sign-in; each works once per account and seeding. */
export const DEMO_RECOVERY_CODES = [
  "harbr-2a2a2",
  "harbr-3b3b3",
  "harbr-4c4c4",
  "harbr-5d5d5",
  "harbr-6e6e6",
  "harbr-7f7f7",
  "harbr-8g8g8",
  "harbr-9h9h9",
  "harbr-2j2j2",
  "harbr-3k3k3",
] as const;

export const DEMO_APP_CLIENT = {
  id: "demo-app",
  secret: "demo-secret",
  redirectUris: ["http://127.0.0.1:8080/callback", "http://localhost:8080/callback"],
  postLogoutRedirectUris: ["http://127.0.0.1:8080/", "http://localhost:8080/"],
} as const;

/** A public client for a lobby kiosk or display: it signs in with a code typed at /device (RFC 8628). */
export const DEMO_KIOSK_CLIENT = { id: "demo-kiosk", name: "Lobby kiosk" } as const;

/** The lobby check-in kiosk (/kiosk) of Harbor Point, a first-party `check-in:kiosk` client enrolled by a `kiosk`-role volunteer. */
export const DEMO_CHECK_IN_KIOSK = { id: DEFAULT_KIOSK_CLIENT_ID, name: "Harbor Point check-in", campusId: "cmp_harbor_point" } as const;

/** Fixed, so re-seeding changes nothing. */
const VERIFIED_AT = new Date("2026-01-01T00:00:00.000Z");

type RoleName = BuiltInRoleName;

interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  roles: RoleName[];
  birthDate?: string;
  phone?: string;
}

export const DEMO_ACCOUNTS = {
  member: { email: "member@example.org", givenName: "Mary", familyName: "Member", roles: ["member"], phone: "+15555550100" },
  totp: { email: "totp@example.org", givenName: "Tom", familyName: "Totp", roles: ["member"] },
  /** The guardian role comes from her guardianships (lib/guardians/create-guardianship.ts), not from this list. */
  guardian: { email: "guardian@example.org", givenName: "Gina", familyName: "Guardian", roles: ["member"] },
  staff: { email: "staff@example.org", givenName: "Sam", familyName: "Staff", roles: ["staff", "member"] },
  /** Staff who may also assign roles (/admin; docs/decisions/0017-staff-management.md). */
  admin: { email: "admin@example.org", givenName: "Ada", familyName: "Admin", roles: ["admin", "member"] },
  /** A check-in volunteer: allows the lobby kiosk (`demo-checkin-kiosk`) at /device; no staff tools. */
  volunteer: { email: "volunteer@example.org", givenName: "Vera", familyName: "Volunteer", roles: ["kiosk", "member"] },
  /** The guardian's teenager, with their own sign-in. */
  teen: { email: "teen@example.org", givenName: "Theo", familyName: "Guardian", roles: ["member"], birthDate: "2011-04-12" },
} as const satisfies Record<string, DemoAccount>;

/** The guardian's younger child: no email, no password, so no sign-in of their own. */
export const DEMO_CHILD = { id: "00000000-0000-4000-8000-000000000c01", givenName: "Chloe", familyName: "Guardian", birthDate: "2018-09-03" } as const;

/**
 * The Guardian household: Gina (adult), Theo and Chloe (children). Its code is fixed so a demo can show
 * joining; it expires 14 days after each seeding, like any code. Tests make families of their own.
 */
export const DEMO_FAMILY = { id: "00000000-0000-4000-8000-00000000f001", name: "The Guardian family", code: "GRACE2HRBR" } as const;

export interface IdentitySeedSummary {
  accounts: string[];
  clients: string[];
}

export async function seedIdentityDemoData(database: Database): Promise<IdentitySeedSummary> {
  const { prisma } = database;
  const [{ hashPassword }, { sealSecret }, { recoveryCodeHash }, { registerClient }, portal, { ensureBuiltIns }] = await Promise.all([
    import("../crypto/password.ts"),
    import("../crypto/secret-box.ts"),
    import("../sign-in/recovery-codes.ts"),
    import("../oauth/clients/register-client.ts"),
    import("../oauth/clients/portal-client.ts"),
    import("../system/ensure-built-ins.ts"),
  ]);

  // The roles and the portal's own client are the server's own (it writes them at every start); written here
  // too, so a database seeded before its server first starts has them.
  await ensureBuiltIns(database);
  await (await import("./name-demo-church.ts")).nameDemoChurch(database);
  const roleIds = new Map((await prisma.role.findMany({ select: { id: true, name: true } })).map((role) => [role.name, role.id]));

  // One argon2 hash for every demo account: hashing is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [string, DemoAccount][]) {
    const data = {
      emailVerifiedAt: VERIFIED_AT,
      passwordHash,
      givenName: account.givenName,
      familyName: account.familyName,
      birthDate: account.birthDate ?? null,
      phone: account.phone ?? null,
      phoneVerifiedAt: account.phone ? VERIFIED_AT : null,
      locale: "en",
    };
    const row = await prisma.user.upsert({ where: { email: account.email }, create: { email: account.email, ...data }, update: data, select: { id: true } });
    userIds.set(key, row.id);
    await setRoles(prisma, row.id, account.roles.map((name) => roleIds.get(name)!), [...roleIds.values()]);
  }

  const child = {
    givenName: DEMO_CHILD.givenName,
    familyName: DEMO_CHILD.familyName,
    birthDate: DEMO_CHILD.birthDate,
    email: null,
    passwordHash: null,
    emailVerifiedAt: null,
    locale: "en",
  };
  await prisma.user.upsert({ where: { id: DEMO_CHILD.id }, create: { id: DEMO_CHILD.id, ...child }, update: child, select: { id: true } });

  const guardianId = userIds.get("guardian")!;
  const teenId = userIds.get("teen")!;
  const { createGuardianship } = await import("../guardians/create-guardianship.ts");
  const { issueFamilyCode } = await import("../families/family-code.ts");
  const code = await issueFamilyCode(new Date(), DEMO_FAMILY.code);
  await database.transaction(async (transaction) => {
    const tx = transaction.prisma;
    for (const dependentId of [teenId, DEMO_CHILD.id]) await createGuardianship(transaction, guardianId, dependentId);
    const family = { name: DEMO_FAMILY.name, codeHash: code.hash, codeEncrypted: code.sealed, codeExpiresAt: code.expiresAt, codeUses: 0, codeIssuedAt: new Date() };
    await tx.family.upsert({ where: { id: DEMO_FAMILY.id }, create: { id: DEMO_FAMILY.id, ...family }, update: family, select: { id: true } });
    const members = [
      { userId: guardianId, role: "adult" },
      { userId: teenId, role: "child" },
      { userId: DEMO_CHILD.id, role: "child" },
    ];
    // Back in this family whatever they joined meanwhile (a person belongs to one family).
    await tx.familyMember.deleteMany({ where: { userId: { in: members.map((member) => member.userId) } } });
    await tx.familyMember.createMany({ data: members.map((member) => ({ familyId: DEMO_FAMILY.id, ...member })) });
  });

  for (const key of TWO_STEP_ACCOUNTS) {
    const userId = userIds.get(key)!;
    const totp = { secretEncrypted: await sealSecret("totp", DEMO_TOTP_SECRET), status: "confirmed", confirmedAt: VERIFIED_AT, lastUsedStep: null };
    await prisma.totpCredential.upsert({ where: { userId }, create: { userId, ...totp }, update: totp, select: { userId: true } });
    await prisma.recoveryCode.deleteMany({ where: { userId } });
    await prisma.recoveryCode.createMany({ data: DEMO_RECOVERY_CODES.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })) });
  }

  await registerClient(database, {
    id: DEMO_APP_CLIENT.id,
    name: "Demo app",
    type: "confidential",
    secret: DEMO_APP_CLIENT.secret,
    redirectUris: [...DEMO_APP_CLIENT.redirectUris],
    postLogoutRedirectUris: [...DEMO_APP_CLIENT.postLogoutRedirectUris],
    grantTypes: ["authorization_code", "refresh_token", "client_credentials"],
    scopes: ["openid", "profile", "email", "phone", "offline_access", "membership"],
    firstParty: false,
  });
  await registerClient(database, {
    id: DEMO_KIOSK_CLIENT.id,
    name: DEMO_KIOSK_CLIENT.name,
    type: "public",
    grantTypes: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
    scopes: ["openid", "profile", "offline_access"],
    firstParty: false,
  });

  // The lobby check-in kiosk of the first demo campus (/kiosk; docs/decisions/0023), when the calendar
  // seed made that campus (an identity-only seed of an empty database has none).
  const checkInCampus = await database.prisma.campus.findUnique({ where: { id: DEMO_CHECK_IN_KIOSK.campusId }, select: { id: true } });
  if (checkInCampus) {
    await registerClient(database, {
      id: DEMO_CHECK_IN_KIOSK.id,
      name: DEMO_CHECK_IN_KIOSK.name,
      type: "public",
      grantTypes: [DEVICE_CODE_GRANT_TYPE, "refresh_token"],
      scopes: ["openid", "check-in:kiosk"],
      firstParty: true,
      checkInCampusId: checkInCampus.id,
    });
  }

  return {
    accounts: Object.values(DEMO_ACCOUNTS).map((account) => account.email),
    clients: [portal.portalClientId(), DEMO_APP_CLIENT.id, DEMO_KIOSK_CLIENT.id, ...(checkInCampus ? [DEMO_CHECK_IN_KIOSK.id] : [])],
  };
}

/** Gives the account exactly these demo roles (other demo roles it held are taken away). */
async function setRoles(prisma: Prisma.TransactionClient, userId: string, wanted: string[], demoRoleIds: string[]): Promise<void> {
  await prisma.userRole.deleteMany({ where: { userId, roleId: { in: demoRoleIds.filter((id) => !wanted.includes(id)) } } });
  await prisma.userRole.createMany({ data: wanted.map((roleId) => ({ userId, roleId })), skipDuplicates: true });
}

/**
 * The portal of a second server at another origin on the same database (the end-to-end passkey server at
 * `localhost`: WebAuthn refuses an IP address): a client of its own, registered like the first, with the
 * secret that server derives from its client id (lib/oauth/clients/portal-client.ts).
 */
export async function seedSecondPortalClient(database: Database, portal: { clientId: string; baseUrl: string }): Promise<void> {
  const [{ registerClient }, { keyedHash }] = await Promise.all([import("../oauth/clients/register-client.ts"), import("../crypto/tokens.ts")]);
  await registerClient(database, {
    id: portal.clientId,
    name: "Member portal",
    type: "confidential",
    secret: keyedHash("portal-client-secret", portal.clientId),
    redirectUris: [`${portal.baseUrl}/api/auth/callback/church`],
    postLogoutRedirectUris: [`${portal.baseUrl}/`, `${portal.baseUrl}/signed-out`],
    grantTypes: ["authorization_code", "refresh_token"],
    scopes: [...PORTAL_SCOPES],
    firstParty: true,
  });
}
