import "server-only";
import type { Database } from "../db/database.ts";
import { maskContact, type ContactChannel } from "./mask-contact.ts";
import type { RecoveryContact, RecoveryContactStatus } from "./schemas.ts";

/** The member's recovery contacts, oldest first, each value masked: the full value never leaves the server. */
export async function listRecoveryContacts(database: Database, userId: string): Promise<RecoveryContact[]> {
  const rows = await database.prisma.recoveryContact.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, channel: true, value: true, status: true, createdAt: true, verifiedAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel as ContactChannel,
    value: maskContact(row.channel as ContactChannel, row.value),
    status: row.status as RecoveryContactStatus,
    created_at: row.createdAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  }));
}
