import { describe, expect, it } from "vitest";
import { hashToken } from "../crypto/tokens.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, insertSession } from "../db/test-fixtures.ts";
import { signOut } from "./sign-out.ts";

const database = serviceTestDatabase();

describe("signOut", () => {
  it("ends the cookie's session and its grants (reason logout), and logs it; other sessions stay", async () => {
    const { prisma } = database;
    const clientId = await insertClient(database);
    const user = await insertMember(database);
    // Sessions whose cookies are "here" and "elsewhere".
    const here = await insertSession(database, user.id, { tokenHash: hashToken("here") });
    const elsewhere = await insertSession(database, user.id, { tokenHash: hashToken("elsewhere") });
    const hereGrant = await insertGrant(database, { userId: user.id, clientId, sessionId: here });
    const elsewhereGrant = await insertGrant(database, { userId: user.id, clientId, sessionId: elsewhere });

    await signOut(database, undefined, TEST_CONTEXT);
    await signOut(database, "unknown", TEST_CONTEXT);
    await signOut(database, "here", TEST_CONTEXT);
    await signOut(database, "here", TEST_CONTEXT);

    expect((await prisma.session.findUniqueOrThrow({ where: { id: here } })).revokedAt).not.toBeNull();
    expect((await prisma.session.findUniqueOrThrow({ where: { id: elsewhere } })).revokedAt).toBeNull();
    expect(await prisma.grant.findUniqueOrThrow({ where: { id: hereGrant }, select: { revokedReason: true } })).toEqual({ revokedReason: "logout" });
    expect(await prisma.grant.findUniqueOrThrow({ where: { id: elsewhereGrant }, select: { revokedAt: true } })).toEqual({ revokedAt: null });
    expect(await prisma.securityEvent.findMany({ where: { userId: user.id }, select: { type: true, detail: true, ip: true } })).toEqual([
      { type: "sign_out", detail: { session_id: here }, ip: TEST_CONTEXT.ip },
    ]);
  });
});
