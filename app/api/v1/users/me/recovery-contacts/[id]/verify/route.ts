import { verifyRecoveryContact } from "@/lib/contacts/endpoints";
import { verifyRecoveryContact as verifyContact } from "@/lib/contacts/verify-recovery-contact";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/recovery-contacts/{id}/verify - the code sent to the contact makes it verified
  handle(verifyRecoveryContact, ({ caller, params, body, database, context }) => verifyContact(database, caller.userId, params.id, body.code, context)),
);
