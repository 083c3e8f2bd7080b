import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { portalSignInHref } from "@/lib/portal-auth/paths";
import { completeSetup } from "@/lib/setup/complete-setup";
import { completeSetup as completeSetupEndpoint } from "@/lib/setup/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/setup/complete - the authenticator's code makes them the administrator; setup ends
  handle(completeSetupEndpoint, async ({ body, database, context }) => {
    const { recovery_codes } = await completeSetup(database, body.token, body.code, context);
    // Signing in through the portal, as every member does, lands on the church's settings.
    return { recovery_codes, sign_in_url: portalSignInHref("/admin/settings") };
  }),
);
