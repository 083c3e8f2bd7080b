import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { openSecret } from "../crypto/secret-box.ts";
import { thrownBy, serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { secondFactorAccountKey } from "../limits/keys.ts";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, formatRecoveryCode, normalizeRecoveryCode } from "../sign-in/recovery-code-format.ts";
import { recoveryCodeHash } from "../sign-in/recovery-codes.ts";
import { confirmTotp } from "./confirm-totp.ts";
import { TOTP_NOT_ON, disableTotp } from "./disable-totp.ts";
import { getMfaState } from "./get-mfa-state.ts";
import { regenerateRecoveryCodes } from "./regenerate-recovery-codes.ts";
import { startTotpSetup } from "./start-totp-setup.ts";

// The TOTP second factor below HTTP, on a database with every migration (PGlite, or PostgreSQL with
// SERVICE_TEST_DATABASE_URL). Codes are computed from the secret each set-up answers, at a fixed moment.
const database = serviceTestDatabase();

/** Ten seconds into a 30-second step, so `NOW` and a few seconds after share it. */
const NOW = new Date("2026-04-01T09:00:10.000Z");
const STEP = Math.floor(NOW.getTime() / 1000 / 30);
/** Five minutes on: ten steps after NOW's, so its codes are fresh whatever NOW's code was spent on. */
const LATER = new Date(NOW.getTime() + 5 * 60_000);
const LATER_STEP = STEP + 10;
const WRONG_TOTP = "code: is not the current code of the authenticator app";

const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

/** The step a code presented at NOW is taken for: the first of NOW's three steps that yields it. */
async function stepAtNow(secret: string, code: string): Promise<number | undefined> {
  for (const step of [STEP - 1, STEP, STEP + 1]) if ((await codeAt(secret, step)) === code) return step;
  return undefined;
}

/** A 6-digit code that is none of the three the secret accepts at NOW (the step before, NOW's, the one after). */
async function wrongCode(secret: string): Promise<string> {
  const accepted = await Promise.all([STEP - 1, STEP, STEP + 1].map((step) => codeAt(secret, step)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!accepted.includes(code)) return code;
  }
}

/** A well-formed recovery code that is none of `codes`. */
function notOneOf(codes: readonly string[]): string {
  const taken = new Set(codes.map(normalizeRecoveryCode));
  for (const letter of RECOVERY_CODE_ALPHABET) {
    const candidate = letter.repeat(RECOVERY_CODE_LENGTH);
    if (!taken.has(candidate)) return formatRecoveryCode(candidate);
  }
  throw new Error("every candidate taken");
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; description: string; headers: Record<string, string> }> {
  const { code, description, headers } = await thrownBy(IdentityError, promise);
  return { code, description, headers };
}

/** Starts a set-up and answers the secret from its otpauth:// URL. */
async function startSetup(userId: string): Promise<string> {
  const { otpauth_url } = await startTotpSetup(database, userId);
  return new URL(otpauth_url).searchParams.get("secret")!;
}

/** A member with TOTP on (confirmed at NOW with STEP's code), and their recovery codes. */
async function memberWithTotp() {
  const member = await insertMember(database);
  const secret = await startSetup(member.id);
  const { recovery_codes } = await confirmTotp(database, member.id, await codeAt(secret, STEP), TEST_CONTEXT, NOW);
  return { member, secret, recoveryCodes: recovery_codes };
}

async function storedRecoveryCodeHashes(userId: string): Promise<string[]> {
  return (await database.prisma.recoveryCode.findMany({ where: { userId }, select: { codeHash: true } })).map((row) => row.codeHash).sort();
}

describe("TOTP enrolment", () => {
  it("off, then pending with a set-up, then on with a current code, answering ten recovery codes once", async () => {
    const member = await insertMember(database);
    expect(await getMfaState(database, member.id)).toEqual({ status: "disabled", enabled_at: null, recovery_codes_remaining: 0 });

    const { otpauth_url } = await startTotpSetup(database, member.id);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(decodeURIComponent(url.pathname)).toContain(member.email!);
    expect(Object.fromEntries(["algorithm", "digits", "period"].map((name) => [name, url.searchParams.get(name)]))).toEqual({ algorithm: "SHA1", digits: "6", period: "30" });
    const secret = url.searchParams.get("secret")!;
    expect(await getMfaState(database, member.id)).toEqual({ status: "pending", enabled_at: null, recovery_codes_remaining: 0 });

    const code = await codeAt(secret, STEP);
    const confirmed = await confirmTotp(database, member.id, code, TEST_CONTEXT, NOW);
    expect(confirmed.status).toBe("ok");
    expect(confirmed.recovery_codes).toHaveLength(10);
    expect(await storedRecoveryCodeHashes(member.id)).toEqual(confirmed.recovery_codes.map(recoveryCodeHash).sort());
    expect(await getMfaState(database, member.id)).toEqual({ status: "enabled", enabled_at: NOW.toISOString(), recovery_codes_remaining: 10 });
    // The code's step is spent: it cannot sign in right after.
    expect(await database.prisma.totpCredential.findUniqueOrThrow({ where: { userId: member.id }, select: { lastUsedStep: true } })).toEqual({
      lastUsedStep: BigInt((await stepAtNow(secret, code))!),
    });
    expect(await securityEventsOf(database, member.id)).toEqual([{ type: "totp_enabled", detail: null }]);
  });

  it("a wrong code confirms nothing, is logged and counted; the right one then clears the member's count", async () => {
    const member = await insertMember(database);
    const secret = await startSetup(member.id);
    expect(await rejection(confirmTotp(database, member.id, await wrongCode(secret), TEST_CONTEXT, NOW))).toEqual({
      code: "invalid_request",
      description: WRONG_TOTP,
      headers: {},
    });
    expect(await getMfaState(database, member.id)).toEqual({ status: "pending", enabled_at: null, recovery_codes_remaining: 0 });
    expect(await database.prisma.recoveryCode.count({ where: { userId: member.id } })).toBe(0);
    expect(await securityEventsOf(database, member.id)).toEqual([{ type: "second_factor_failed", detail: { action: "confirm" } }]);
    const accountKey = secondFactorAccountKey(member.id).key;
    expect(await database.prisma.attemptCounter.findUnique({ where: { key: accountKey }, select: { failures: true } })).toEqual({ failures: 1 });

    await confirmTotp(database, member.id, await codeAt(secret, STEP), TEST_CONTEXT, NOW);
    expect(await database.prisma.attemptCounter.findUnique({ where: { key: accountKey } })).toBeNull();
  });

  it("a new set-up replaces a pending secret; an enabled one is never replaced or confirmed again", async () => {
    const member = await insertMember(database);
    await startSetup(member.id);
    const replacement = await startSetup(member.id);
    const stored = await database.prisma.totpCredential.findUniqueOrThrow({ where: { userId: member.id }, select: { secretEncrypted: true } });
    expect(await openSecret("totp", stored.secretEncrypted)).toBe(replacement);

    await confirmTotp(database, member.id, await codeAt(replacement, STEP), TEST_CONTEXT, NOW);
    const enabled = await database.prisma.totpCredential.findUniqueOrThrow({ where: { userId: member.id } });
    expect(await rejection(startTotpSetup(database, member.id))).toEqual({
      code: "conflict",
      description: "two-factor authentication is already on; turn it off before setting it up again",
      headers: {},
    });
    expect(await rejection(confirmTotp(database, member.id, await codeAt(replacement, STEP + 1), TEST_CONTEXT, NOW))).toEqual({
      code: "conflict",
      description: "two-factor authentication is already on",
      headers: {},
    });
    expect(await database.prisma.totpCredential.findUniqueOrThrow({ where: { userId: member.id } })).toEqual(enabled);
  });

  it("there is nothing to confirm without a set-up", async () => {
    const member = await insertMember(database);
    expect(await rejection(confirmTotp(database, member.id, "123456", TEST_CONTEXT, NOW))).toEqual({
      code: "conflict",
      description: "there is no two-factor set-up to confirm; start one with POST /api/v1/users/me/mfa/setup",
      headers: {},
    });
    expect(await securityEventsOf(database, member.id)).toEqual([]);
  });

  it("after five free wrong codes the sixth is too_many_requests, and then even the right code waits its turn", async () => {
    const member = await insertMember(database);
    const secret = await startSetup(member.id);
    const context: RequestContext = { ip: "192.0.2.66", userAgent: "service-test" };
    const wrong = await wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await rejection(confirmTotp(database, member.id, wrong, context, NOW))).code).toBe("invalid_request");
    }
    // The sixth failure blocks the account for 2 s (lib/limits/policies.ts).
    const blocked = { code: "too_many_requests", description: "too many wrong codes; try again later", headers: { "Retry-After": "2" } };
    expect(await rejection(confirmTotp(database, member.id, wrong, context, NOW))).toEqual(blocked);
    expect(await rejection(confirmTotp(database, member.id, await codeAt(secret, STEP), context, NOW))).toEqual(blocked);
    expect((await getMfaState(database, member.id)).status).toBe("pending");
    // Six failures logged; the refused right code is not a failure.
    expect((await securityEventsOf(database, member.id)).map((event) => event.type)).toEqual(Array(6).fill("second_factor_failed"));

    const later = new Date(NOW.getTime() + 3_000);
    expect((await confirmTotp(database, member.id, await codeAt(secret, STEP), context, later)).status).toBe("ok");
  });
});

describe("regenerateRecoveryCodes", () => {
  it("needs a code whose step is not spent; then every earlier recovery code is replaced", async () => {
    const { member, secret, recoveryCodes } = await memberWithTotp();
    const before = await storedRecoveryCodeHashes(member.id);
    expect(before).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
    // STEP's code confirmed the set-up: it is spent (as is any step before it).
    expect(await rejection(regenerateRecoveryCodes(database, member.id, await codeAt(secret, STEP), TEST_CONTEXT, NOW))).toEqual({
      code: "invalid_request",
      description: WRONG_TOTP,
      headers: {},
    });
    expect(await storedRecoveryCodeHashes(member.id)).toEqual(before);

    const regenerated = await regenerateRecoveryCodes(database, member.id, await codeAt(secret, LATER_STEP), TEST_CONTEXT, LATER);
    expect(regenerated.status).toBe("ok");
    expect(await storedRecoveryCodeHashes(member.id)).toEqual(regenerated.recovery_codes.map(recoveryCodeHash).sort());
    expect(await securityEventsOf(database, member.id)).toEqual([
      { type: "recovery_codes_regenerated", detail: null },
      { type: "second_factor_failed", detail: { action: "regenerate_recovery_codes" } },
      { type: "totp_enabled", detail: null },
    ]);
  });

  it("is refused while TOTP is off, whatever the code", async () => {
    const member = await insertMember(database);
    expect(await rejection(regenerateRecoveryCodes(database, member.id, "123456", TEST_CONTEXT, NOW))).toEqual({ code: "conflict", description: TOTP_NOT_ON, headers: {} });
  });
});

describe("disableTotp", () => {
  it("with a recovery code: deletes the secret and every recovery code, logs it and writes a notice to the member", async () => {
    const { member, recoveryCodes } = await memberWithTotp();
    expect(await disableTotp(database, member.id, recoveryCodes[3]!, TEST_CONTEXT, NOW)).toEqual({ status: "ok" });
    expect(await getMfaState(database, member.id)).toEqual({ status: "disabled", enabled_at: null, recovery_codes_remaining: 0 });
    expect(await database.prisma.totpCredential.findUnique({ where: { userId: member.id } })).toBeNull();
    expect(await database.prisma.recoveryCode.count({ where: { userId: member.id } })).toBe(0);
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "totp_disabled")).toEqual([
      { type: "totp_disabled", detail: { method: "recovery_code" } },
    ]);
    expect(await database.prisma.outboxMessage.count({ where: { recipient: member.email! } })).toBe(1);

    expect(await rejection(disableTotp(database, member.id, recoveryCodes[4]!, TEST_CONTEXT, NOW))).toEqual({ code: "conflict", description: TOTP_NOT_ON, headers: {} });
  });

  it("with a current code whose step is not spent", async () => {
    const { member, secret } = await memberWithTotp();
    expect(await disableTotp(database, member.id, await codeAt(secret, LATER_STEP), TEST_CONTEXT, LATER)).toEqual({ status: "ok" });
    expect((await securityEventsOf(database, member.id)).filter((event) => event.type === "totp_disabled")).toEqual([
      { type: "totp_disabled", detail: { method: "totp" } },
    ]);
  });

  it("a spent code or a recovery code that is not the member's turns nothing off and sends nothing", async () => {
    const { member, secret, recoveryCodes } = await memberWithTotp();
    const wrongFactor = { code: "invalid_request", description: "code: is neither the current code of the authenticator app nor an unused recovery code", headers: {} };
    expect(await rejection(disableTotp(database, member.id, await codeAt(secret, STEP), TEST_CONTEXT, NOW))).toEqual(wrongFactor);
    expect(await rejection(disableTotp(database, member.id, notOneOf(recoveryCodes), TEST_CONTEXT, NOW))).toEqual(wrongFactor);
    expect((await getMfaState(database, member.id)).status).toBe("enabled");
    expect(await storedRecoveryCodeHashes(member.id)).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
    expect(await database.prisma.outboxMessage.count({ where: { recipient: member.email! } })).toBe(0);
    expect((await securityEventsOf(database, member.id)).map((event) => event.type)).toEqual(["second_factor_failed", "second_factor_failed", "totp_enabled"]);
  });
});
