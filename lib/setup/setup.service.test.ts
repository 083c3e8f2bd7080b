import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { readChurch } from "../church-settings/church.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { ensureBuiltIns } from "../system/ensure-built-ins.ts";
import { completeSetup } from "./complete-setup.ts";
import { createSetupAdministrator } from "./create-setup-administrator.ts";
import { setupAdministratorBodySchema } from "./schemas.ts";
import { openSetupAddress, requireOpenSetup } from "./setup-address.ts";
import { saveSetupMailServer, sendSetupEmailCode } from "./setup-email.ts";
import { isChurchSetUp } from "./setup-state.ts";

// A church's first day (issue 39): an address in the log while there is no administrator, the wizard's two
// steps, and every address dead once the first administrator's two-step sign-in is confirmed.
// The wizard saves a mail server on this machine (nothing listens there): the operator allows private addresses.
const database = serviceTestDatabase({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });
const context = { ip: "203.0.113.9", userAgent: "setup test" };
const BASE = "https://church.example";

const tokenOf = (address: string) => new URL(address).searchParams.get("token")!;
const secretOf = (otpauthUrl: string) => new URL(otpauthUrl).searchParams.get("secret")!;

function administratorBody(token: string, fields: { email?: string; email_code?: string | null } = {}) {
  return setupAdministratorBodySchema.parse({
    token,
    church: { name: "Grace Chapel", country: "GB", time_zone: "Europe/London", campus_name: "St Mary's Hall" },
    administrator: { given_name: "Ruth", family_name: "First", email: fields.email ?? "ruth@grace.example", password: "harbour lantern seventy kites", email_code: fields.email_code ?? null },
  });
}

describe("setup", () => {
  beforeAll(async () => {
    await ensureBuiltIns(database, BASE);
  });

  it("opens an address while there is no administrator; a token it did not print opens nothing", async () => {
    expect(await isChurchSetUp(database)).toBe(false);
    const address = await openSetupAddress(database, BASE);
    expect(address).toMatch(/^https:\/\/church\.example\/setup\?token=[A-Za-z0-9_-]{43}$/);
    await expect(requireOpenSetup(database, tokenOf(address!))).resolves.toMatchObject({ accountId: null });
    expect((await thrownBy(IdentityError, requireOpenSetup(database, "Q2h1cmNoU2V0dXBUb2tlbkNvcGllZEZyb21PbGRMb2c"))).code).toBe("not_found");
    // A day later the address is dead.
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect((await thrownBy(IdentityError, requireOpenSetup(database, tokenOf(address!), later))).code).toBe("not_found");
  });

  it("when the church sends email, proves the administrator's address with a code bound to the setup address", async () => {
    const token = tokenOf((await openSetupAddress(database, BASE))!);
    expect((await thrownBy(IdentityError, sendSetupEmailCode(database, token, { email: "ruth@grace.example", given_name: "Ruth" }, context))).code).toBe("conflict");
    const mailServer = { host: "127.0.0.1", port: 9, security: "none" as const, from_address: "office@grace.example" };
    expect((await thrownBy(IdentityError, saveSetupMailServer(database, { token: "Q2h1cmNoU2V0dXBUb2tlbkNvcGllZEZyb21PbGRMb2c", ...mailServer }))).code).toBe("not_found");
    await saveSetupMailServer(database, { token, ...mailServer });
    expect((await thrownBy(IdentityError, createSetupAdministrator(database, administratorBody(token), true, context))).description).toMatch(/^email_code: enter the 6-digit code/);
    await sendSetupEmailCode(database, token, { email: "ruth@grace.example", given_name: "Ruth" }, context);
    const [message] = await database.query<{ body: string }>(`SELECT body FROM outbox_message WHERE recipient = 'ruth@grace.example' ORDER BY created_at DESC LIMIT 1`);
    const code = /is: (\d{6})/.exec(message!.body)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await thrownBy(IdentityError, createSetupAdministrator(database, administratorBody(token, { email_code: wrong }), true, context))).description).toMatch(/^email_code: is not the code/);
    // Another setup address cannot use it.
    const other = tokenOf((await openSetupAddress(database, BASE))!);
    expect((await thrownBy(IdentityError, createSetupAdministrator(database, administratorBody(other, { email_code: code }), true, context))).code).toBe("invalid_request");
    const { otpauth_url } = await createSetupAdministrator(database, administratorBody(token, { email_code: code }), true, context);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(await isChurchSetUp(database)).toBe(false);
  });

  it("saves the church and its first campus, makes the account without a role, and replaces it when sent again", async () => {
    const token = tokenOf((await openSetupAddress(database, BASE))!);
    await createSetupAdministrator(database, administratorBody(token, { email: "first@grace.example" }), false, context);
    await createSetupAdministrator(database, administratorBody(token, { email: "ruth.first@grace.example" }), false, context);
    expect(await database.prisma.user.count({ where: { email: "first@grace.example" } })).toBe(0);
    const account = await database.prisma.user.findUniqueOrThrow({ where: { email: "ruth.first@grace.example" }, select: { id: true, emailVerifiedAt: true, roles: true } });
    expect(account.roles).toEqual([]);
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await readChurch(database)).toMatchObject({ name: "Grace Chapel", country: "GB", timeZone: "Europe/London" });
    expect(await database.prisma.campus.findMany({ where: { name: "St Mary's Hall" }, select: { timezone: true } })).toEqual([{ timezone: "Europe/London" }]);
  });

  it("finishes with a code from the authenticator app: the administrator's role, two-step sign-in on, every address dead", async () => {
    const token = tokenOf((await openSetupAddress(database, BASE))!);
    const stillOpen = tokenOf((await openSetupAddress(database, BASE))!);
    const { otpauth_url } = await createSetupAdministrator(database, administratorBody(token, { email: "ruth.f@grace.example" }), false, context);
    expect((await thrownBy(IdentityError, completeSetup(database, stillOpen, "123456", context))).code).toBe("conflict");

    const code = await generate({ secret: secretOf(otpauth_url) });
    const { recovery_codes } = await completeSetup(database, token, code, context);
    expect(recovery_codes).toHaveLength(10);
    expect(await isChurchSetUp(database)).toBe(true);
    const admin = await database.prisma.user.findUniqueOrThrow({ where: { email: "ruth.f@grace.example" }, select: { roles: { select: { role: { select: { name: true } } } }, totp: { select: { status: true } } } });
    expect(admin.roles.map((row) => row.role.name).sort()).toEqual(["admin", "member"]);
    expect(admin.totp?.status).toBe("confirmed");
    expect(await database.prisma.setupToken.count()).toBe(0);
    const [audit] = await database.query<{ client_id: string; path: string }>(`SELECT client_id, path FROM staff_audit_entry ORDER BY at DESC LIMIT 1`);
    expect(audit).toEqual({ client_id: "setup", path: "/api/v1/setup/complete" });

    // A used address, and one printed before the end, open nothing; no new one is written.
    for (const dead of [token, stillOpen]) expect((await thrownBy(IdentityError, requireOpenSetup(database, dead))).code).toBe("not_found");
    expect(await openSetupAddress(database, BASE)).toBeNull();
  });
});
