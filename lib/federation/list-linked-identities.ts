import "server-only";
import { maskEmail } from "../contacts/mask-contact.ts";
import type { Database } from "../db/database.ts";
import type { LinkedIdentity } from "./schemas.ts";

/** The member's linked identities, oldest first; the provider's email only masked. */
export async function listLinkedIdentities(database: Database, userId: string): Promise<LinkedIdentity[]> {
  const rows = await database.prisma.federatedIdentity.findMany({
    where: { userId },
    orderBy: [{ linkedAt: "asc" }, { id: "asc" }],
    select: { id: true, providerId: true, email: true, linkedAt: true, lastUsedAt: true, provider: { select: { displayName: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    provider: row.providerId,
    provider_name: row.provider.displayName,
    email: row.email ? maskEmail(row.email) : null,
    linked_at: row.linkedAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}
