import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { regenerateRecoveryCodes } from "@/lib/mfa/regenerate-recovery-codes";
import { totpCodeBodySchema } from "@/lib/mfa/schemas";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/recovery-codes - a new set of ten recovery codes (the old ones stop working), with a current code
export const POST = identityRoute({ permission: "profile:write" }, async ({ request, caller }) => {
  const { code } = await readJsonBody(request, totpCodeBodySchema);
  return identityJson(await regenerateRecoveryCodes(caller.userId, code, requestContext(request.headers)));
});
