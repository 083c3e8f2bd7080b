import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { sealSecret } from "../crypto/secret-box.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { redeemRecoveryCode } from "./redeem-recovery-code.ts";
import { recoveryCodeHash } from "./recovery-codes.ts";
import { TOTP_PERIOD_SECONDS, verifyTotpCode } from "./verify-totp-code.ts";

const database = serviceTestDatabase();
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("the second factor's codes", () => {
  it("accepts a TOTP step once, and never an older one", async () => {
    const { prisma } = database;
    const user = await insertMember(database);
    await prisma.totpCredential.create({ data: { userId: user.id, secretEncrypted: await sealSecret("totp", SECRET), status: "confirmed", confirmedAt: new Date() } });
    const now = new Date();
    const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
    const codeAt = (at: number) => generate({ secret: SECRET, epoch: at * TOTP_PERIOD_SECONDS });

    expect(await verifyTotpCode(database, user.id, await codeAt(step), now)).toBe(true);
    expect(await verifyTotpCode(database, user.id, await codeAt(step), now)).toBe(false);
    expect(await verifyTotpCode(database, user.id, await codeAt(step - 1), now)).toBe(false);
    expect(await verifyTotpCode(database, user.id, await codeAt(step + 1), now)).toBe(true);
    expect((await prisma.totpCredential.findUniqueOrThrow({ where: { userId: user.id } })).lastUsedStep).toBe(BigInt(step + 1));
  });

  it("uses up a recovery code once and counts the rest", async () => {
    const { prisma } = database;
    const user = await insertMember(database);
    await prisma.recoveryCode.createMany({ data: ["7kq4m-2xdp9", "abcde-fghjk"].map((code) => ({ userId: user.id, codeHash: recoveryCodeHash(code) })) });
    expect(await redeemRecoveryCode(database, user.id, "7KQ4M 2XDP9")).toEqual({ remaining: 1 });
    expect(await redeemRecoveryCode(database, user.id, "7kq4m-2xdp9")).toBeNull();
    expect(await redeemRecoveryCode(database, user.id, "zzzzz-zzzzz")).toBeNull();
  });
});
