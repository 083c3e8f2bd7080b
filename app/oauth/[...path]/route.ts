import { unknownOAuthPathRoutes } from "@/lib/http/oauth-endpoint-route";
import { browserMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// Any other /oauth path, any method - our error page (invalid_request), as the browser endpoints' other
// refusals. Without it, a POST there was taken for a Server Action and answered 409 in plain text (found by
// the hostile-input proof)
export const { GET, POST, PUT, PATCH, DELETE } = unknownOAuthPathRoutes(browserMethodNotAllowed().GET);
