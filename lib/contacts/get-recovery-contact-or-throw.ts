import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { ContactChannel } from "./mask-contact.ts";
import type { RecoveryContactStatus } from "./schemas.ts";

export interface StoredRecoveryContact {
  id: string;
  channel: ContactChannel;
  value: string;
  status: RecoveryContactStatus;
}

/** One of the member's own contacts; someone else's, an unknown id or a malformed one is `not_found` alike. */
export async function getRecoveryContactOrThrow(database: Database, userId: string, contactId: string): Promise<StoredRecoveryContact> {
  if (!isUuid(contactId)) throw notFound("recovery contact");
  const contact = await database.prisma.recoveryContact.findFirst({
    where: { id: contactId, userId },
    select: { id: true, channel: true, value: true, status: true },
  });
  if (!contact) throw notFound("recovery contact");
  return contact as StoredRecoveryContact;
}
