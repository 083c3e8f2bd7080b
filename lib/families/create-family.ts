import "server-only";
import { isUniqueViolation } from "../db/unique-violation.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { issueFamilyCode } from "./family-code.ts";
import { getMyFamilyOrThrow } from "./get-my-family-or-throw.ts";
import type { Family } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

export const ALREADY_IN_A_FAMILY = "you already belong to a family: leave it first";

/**
 * POST /api/v1/families: a new household named `name`, with the caller as its first adult and a fresh
 * code to invite the others (docs/decisions/0013). One household per person: a member of one gets
 * `conflict`. The caller's account row is locked, so their own two requests at once make one household.
 */
export async function createFamily(database: Database, userId: string, name: string, context: RequestContext, now = new Date()): Promise<Family> {
  for (let attempt = 0; ; attempt += 1) {
    const issued = await issueFamilyCode(now);
    try {
      await database.transaction(async (tx) => {
        await lockAccount(tx, userId);
        if (await tx.prisma.familyMember.findUnique({ where: { userId }, select: { familyId: true } })) throw new IdentityError("conflict", ALREADY_IN_A_FAMILY);
        const family = await tx.prisma.family.create({
          data: { name, codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt, codeIssuedAt: now, createdAt: now },
          select: { id: true },
        });
        await tx.prisma.familyMember.create({ data: { familyId: family.id, userId, role: "adult", joinedAt: now }, select: { userId: true } });
        await recordSecurityEvent(tx, { userId, type: "family_created", context, detail: { family_id: family.id } });
      });
      return getMyFamilyOrThrow(database, userId, now);
    } catch (error) {
      // A code colliding with another family's (one in 2^49) is drawn again.
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
