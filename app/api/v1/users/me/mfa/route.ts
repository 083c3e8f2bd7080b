import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { disableTotp } from "@/lib/mfa/disable-totp";
import { disableMfa, getMyMfa } from "@/lib/mfa/endpoints";
import { getMfaState } from "@/lib/mfa/get-mfa-state";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/mfa - whether TOTP is off, pending or on, and how many recovery codes are left
  handle(getMyMfa, ({ caller, database }) => getMfaState(database, caller.userId)),
  // DELETE /api/v1/users/me/mfa - turn TOTP off, with a current code or a recovery code
  handle(disableMfa, ({ caller, body, database, context }) => disableTotp(database, caller.userId, body.code, context)),
);
