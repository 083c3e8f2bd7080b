import "server-only";
import type { Prisma } from "../generated/prisma/client.ts";
import { generateRecoveryCodes, recoveryCodeHash } from "../accounts/recovery-codes.ts";

/** Ten fresh recovery codes for the member, replacing every earlier one (used or not); answers them for display once. */
export async function replaceRecoveryCodes(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })) });
  return codes;
}
