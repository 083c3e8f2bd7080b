import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { regenerateRecoveryCodes } from "@/lib/mfa/endpoints";
import { regenerateRecoveryCodes as regenerateRecoveryCodesOf } from "@/lib/mfa/regenerate-recovery-codes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/mfa/recovery-codes - a new set of ten recovery codes (the old ones stop working), with a current code
  handle(regenerateRecoveryCodes, ({ caller, body, database, context }) => regenerateRecoveryCodesOf(database, caller.userId, body.code, context)),
);
