import { resendRecoveryContactCode } from "@/lib/contacts/endpoints";
import { resendRecoveryContactCode as resendCode } from "@/lib/contacts/resend-recovery-contact-code";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/recovery-contacts/{id}/resend - a new code for a pending contact (rate limited)
  handle(resendRecoveryContactCode, ({ caller, params, database, context }) => resendCode(database, caller.userId, params.id, context)),
);
