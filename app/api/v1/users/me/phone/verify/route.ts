import { verifyPhone } from "@/lib/contacts/endpoints";
import { verifyPhone as checkPhoneCode } from "@/lib/contacts/verify-phone";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/phone/verify - the texted code: { verified: true } makes it the account's phone, { verified: false } for a wrong code
  handle(verifyPhone, ({ caller, body, database, context }) => checkPhoneCode(database, caller.userId, body.code, context)),
);
