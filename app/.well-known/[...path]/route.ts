import { identityErrorResponse } from "@/lib/http/identity";
import { unknownOAuthPathRoutes } from "@/lib/http/oauth-endpoint-route";
import { IdentityError } from "@/lib/identity/errors";

export const dynamic = "force-dynamic";

// Any other /.well-known path - a JSON 404 like every machine-read address here; without it a POST there
// was taken for a Server Action and answered 409 in plain text (found by the hostile-input proof)
export const { GET, POST, PUT, PATCH, DELETE } = unknownOAuthPathRoutes(async () => identityErrorResponse(new IdentityError("not_found", "no such document")));
