import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { requestContext } from "@/lib/http/request-context";
import { confirmTotp } from "@/lib/mfa/confirm-totp";
import { totpCodeBodySchema } from "@/lib/mfa/schemas";

export const dynamic = "force-dynamic";

// POST /api/v1/users/me/mfa/confirm - step 2 of TOTP enrolment: a current code turns it on; answers ten recovery codes
export const POST = identityRoute({ permission: "profile:write" }, async ({ request, caller }) => {
  const { code } = await readJsonBody(request, totpCodeBodySchema);
  return identityJson(await confirmTotp(caller.userId, code, requestContext(request.headers)));
});
