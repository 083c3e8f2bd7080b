import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { verifyMyNewEmail as makeNewEmailTheAccounts } from "@/lib/users/change-my-email";
import { verifyMyNewEmail } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/email/verify - the code from the new address makes it the account's (logged; the old address is told)
  handle(verifyMyNewEmail, ({ caller, body, database, context }) => makeNewEmailTheAccounts(database, caller.userId, body.code, context)),
);
