import "server-only";
import { isUniqueViolation } from "../db/unique-violation.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { familyCodeBody, issueFamilyCode } from "./family-code.ts";
import type { FamilyCode } from "./schemas.ts";

/** Family roles are not role-table permissions, so the refusal names the family role it needs. */
export const ADULTS_ONLY = "only an adult of the family can make a new family code";

/**
 * POST /api/v1/families/me/code: a new code for the caller's family, valid 14 days and for 10 joins; the
 * old one stops working at once. Adults only (`forbidden`); without a family, `not_found`.
 */
export async function rotateFamilyCode(database: Database, userId: string, context: RequestContext, now = new Date()): Promise<FamilyCode> {
  // A new code colliding with another family's (one in 2^49) is simply drawn again.
  for (let attempt = 0; ; attempt += 1) {
    const issued = await issueFamilyCode(now);
    try {
      return await database.transaction(async (tx) => {
        const membership = await tx.prisma.familyMember.findUnique({ where: { userId }, select: { familyId: true, role: true } });
        if (!membership) throw notFound("family");
        if (membership.role !== "adult") throw new IdentityError("forbidden", ADULTS_ONLY);
        const row = await tx.prisma.family.update({
          where: { id: membership.familyId },
          data: { codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt, codeUses: 0, codeIssuedAt: now },
          select: { codeEncrypted: true, codeExpiresAt: true, codeUses: true },
        });
        await recordSecurityEvent(tx, { userId, type: "family_code_rotated", context, detail: { family_id: membership.familyId } });
        return familyCodeBody({ code_encrypted: row.codeEncrypted, code_expires_at: row.codeExpiresAt, code_uses: row.codeUses }, now);
      });
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
