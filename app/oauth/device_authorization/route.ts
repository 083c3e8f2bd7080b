import { oauthJson, oauthRoute, readOAuthForm } from "@/lib/http/oauth";
import { oauthMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { oauthFormContext } from "@/lib/http/request-context";
import { authenticateClient } from "@/lib/oauth/clients/authenticate-client";
import { startDeviceAuthorization } from "@/lib/oauth/device/start-device-authorization";

export const dynamic = "force-dynamic";

// POST /oauth/device_authorization - a kiosk or display asks for a device code and a user code (RFC 8628 3.1)
export const POST = oauthRoute(async (request, database) => {
  const form = await readOAuthForm(request);
  const { client } = await authenticateClient(database, request.headers, form);
  // The lobby kiosk page relays its tablet's address, signed for this form: limits and the volunteer's approval page see the tablet.
  const context = await oauthFormContext(database, request.headers, "/oauth/device_authorization", form);
  return oauthJson(await startDeviceAuthorization(database, client, form, context));
});

// GET, PUT, PATCH, DELETE /oauth/device_authorization - 405 invalid_request (RFC 6749 shape)
export const { GET, PUT, PATCH, DELETE } = oauthMethodNotAllowed(["POST"]);
