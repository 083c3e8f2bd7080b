import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { confirmTotp } from "@/lib/mfa/confirm-totp";
import { confirmMfa } from "@/lib/mfa/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/mfa/confirm - step 2 of TOTP enrolment: a current code turns it on; answers ten recovery codes
  handle(confirmMfa, ({ caller, body, database, context }) => confirmTotp(database, caller.userId, body.code, context)),
);
