import { addRecoveryContact as addContact } from "@/lib/contacts/add-recovery-contact";
import { addRecoveryContact, listMyRecoveryContacts } from "@/lib/contacts/endpoints";
import { listRecoveryContacts } from "@/lib/contacts/list-recovery-contacts";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/recovery-contacts - the member's recovery contacts, values masked
  handle(listMyRecoveryContacts, async ({ caller, database }) => ({ contacts: await listRecoveryContacts(database, caller.userId) })),
  // POST /api/v1/users/me/recovery-contacts - add an email address or E.164 number; a code is sent to it (201 pending_verification)
  handle(addRecoveryContact, ({ caller, body, database, context }) => addContact(database, caller.userId, body.value, context)),
);
