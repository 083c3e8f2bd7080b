import { removeRecoveryContact } from "@/lib/contacts/endpoints";
import { removeRecoveryContactOrThrow } from "@/lib/contacts/remove-recovery-contact-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/users/me/recovery-contacts/{id} - remove a recovery contact; answers it masked with status removed
  handle(removeRecoveryContact, ({ caller, params, database, context }) => removeRecoveryContactOrThrow(database, caller.userId, params.id, context)),
);
