import "server-only";
import { isUniqueViolation } from "../accounts/unique-violation.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
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
export async function rotateFamilyCode(userId: string, context: RequestContext, now = new Date()): Promise<FamilyCode> {
  const prisma = await db();
  // A new code colliding with another family's (one in 2^49) is simply drawn again.
  for (let attempt = 0; ; attempt += 1) {
    const issued = await issueFamilyCode(now);
    try {
      return await prisma.$transaction(async (tx) => {
        const [membership] = await tx.$queryRaw<{ family_id: string; role: string }[]>`
          SELECT family_id, role FROM family_member WHERE user_id = ${userId}::uuid`;
        if (!membership) throw notFound("family");
        if (membership.role !== "adult") throw new IdentityError("forbidden", ADULTS_ONLY);
        const row = await tx.family.update({
          where: { id: membership.family_id },
          data: { codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt, codeUses: 0, codeIssuedAt: now },
          select: { codeEncrypted: true, codeExpiresAt: true, codeUses: true },
        });
        await recordSecurityEvent({ userId, type: "family_code_rotated", context, detail: { family_id: membership.family_id } }, tx);
        return familyCodeBody({ code_encrypted: row.codeEncrypted, code_expires_at: row.codeExpiresAt, code_uses: row.codeUses }, now);
      });
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
