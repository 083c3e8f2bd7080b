import "server-only";
import type { Database } from "../db/database.ts";
import { issueFamilyCode } from "./family-code.ts";
import { getFamilyForStaffOrThrow } from "./get-family-for-staff-or-throw.ts";
import type { AdminFamilyDetail } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/families (families:write): a household with no members yet, for the office to fill
 * (add members and children next). It gets a fresh code like any other, which nobody is shown until one
 * of its adults opens it (staff never see codes: docs/decisions/0013). A code colliding with another
 * household's (one in 2^49) fails the request rather than being drawn again inside the route's transaction.
 */
export async function createFamilyForStaff(database: Database, name: string, now = new Date()): Promise<AdminFamilyDetail> {
  const issued = await issueFamilyCode(now);
  const family = await database.prisma.family.create({
    data: { name, codeHash: issued.hash, codeEncrypted: issued.sealed, codeExpiresAt: issued.expiresAt, codeIssuedAt: now, createdAt: now },
    select: { id: true },
  });
  return getFamilyForStaffOrThrow(database, family.id);
}
