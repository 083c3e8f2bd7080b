import { startPhoneVerification } from "@/lib/contacts/endpoints";
import { startPhoneVerification as textPhoneCode } from "@/lib/contacts/start-phone-verification";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/phone - text a code to an E.164 number to verify it (calling again resends; rate limited)
  handle(startPhoneVerification, ({ caller, body, database, context }) => textPhoneCode(database, caller.userId, body.phone, context)),
);
