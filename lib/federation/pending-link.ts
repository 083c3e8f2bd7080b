import "server-only";
import { maskEmail } from "../contacts/mask-contact.ts";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";

export interface PendingLink {
  providerId: string;
  providerName: string;
  /** The provider's email for the identity, masked; null when it sent none. */
  email: string | null;
  expiresAt: Date;
}

/** What the confirmation page shows for the code in the browser's `fed-link` cookie: only the member's own, live code. */
export async function getPendingLink(database: Database, code: string, userId: string, now = new Date()): Promise<PendingLink | null> {
  const row = await database.prisma.federatedLinkCode.findFirst({
    where: { codeHash: hashToken(code), userId, expiresAt: { gt: now } },
    select: { providerId: true, email: true, expiresAt: true, provider: { select: { displayName: true } } },
  });
  if (!row) return null;
  return { providerId: row.providerId, providerName: row.provider.displayName, email: row.email ? maskEmail(row.email) : null, expiresAt: row.expiresAt };
}

/** "Cancel" on the confirmation page: the code is deleted, whoever it was issued to (holding it is enough to give it up). */
export async function discardLinkCode(database: Database, code: string): Promise<void> {
  await database.prisma.federatedLinkCode.deleteMany({ where: { codeHash: hashToken(code) } });
}
