import { oauthJson, readOAuthForm } from "@/lib/http/oauth";
import { oauthEndpointRoutes } from "@/lib/http/oauth-endpoint-route";
import { oauthFormContext } from "@/lib/http/request-context";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { startDeviceAuthorization } from "@/lib/oauth/device/start-device-authorization";
import { deviceAuthorizationEndpoint } from "@/lib/oauth/oauth-endpoints";

export const dynamic = "force-dynamic";

// POST /oauth/device_authorization - a kiosk or display asks for a device code and a user code (RFC 8628 3.1)
export const { GET, POST, PUT, PATCH, DELETE } = oauthEndpointRoutes(deviceAuthorizationEndpoint, async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  // The lobby kiosk page relays its tablet's address, signed for this form: limits and the volunteer's approval page see the tablet.
  const context = await oauthFormContext(database, request.headers, deviceAuthorizationEndpoint.path, form);
  return oauthJson(await startDeviceAuthorization(database, client, form, context));
});
