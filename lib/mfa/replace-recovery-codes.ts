import "server-only";
import type { Database } from "../db/database.ts";
import { generateRecoveryCodes, recoveryCodeHash } from "../sign-in/recovery-codes.ts";

/**
 * Ten fresh recovery codes for the member, replacing every earlier one (used or not); answers them for
 * display once. Both statements in one transaction: the caller's, or one of its own.
 */
export async function replaceRecoveryCodes(database: Database, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await database.transaction(async (tx) => {
    await tx.prisma.recoveryCode.deleteMany({ where: { userId } });
    await tx.prisma.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })) });
  });
  return codes;
}
