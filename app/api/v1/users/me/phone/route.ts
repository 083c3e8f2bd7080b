import { getMyPhoneVerification, startPhoneVerification } from "@/lib/contacts/endpoints";
import { getPhoneVerification } from "@/lib/contacts/get-phone-verification";
import { startPhoneVerification as textPhoneCode } from "@/lib/contacts/start-phone-verification";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/phone - the number a texted code is still waiting for (masked, with its expiry), or pending: null
  handle(getMyPhoneVerification, ({ caller, database }) => getPhoneVerification(database, caller.userId)),
  // POST /api/v1/users/me/phone - text a code to an E.164 number to verify it (calling again resends; rate limited)
  handle(startPhoneVerification, ({ caller, body, database, context }) => textPhoneCode(database, caller.userId, body.phone, context)),
);
