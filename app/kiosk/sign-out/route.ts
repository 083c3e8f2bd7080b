import { cookies } from "next/headers";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { requestContext } from "@/lib/http/request-context";
import { kioskRoute, setCookies, tabletHoldsKey } from "@/lib/portal-api/kiosk-relay";
import { fromOwnPage, relayRefusal } from "@/lib/portal-api/relay-upstream";
import { clearedKioskCookies, kioskCookieName, readKioskTokens, revokeKioskGrant } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

// POST /kiosk/sign-out - the kiosk's grant is revoked at the issuer (only by the tablet holding its key) and this browser forgets its tokens
export const POST = kioskRoute(async (request: Request): Promise<Response> => {
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  const tokens = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  // A copied cookie without the tablet's key cannot sign the real tablet out: it is only forgotten here.
  const bound = tokens ? await tabletHoldsKey(request, tokens, requestContext(request.headers).ip) : null;
  if (bound && !(bound instanceof Response)) await revokeKioskGrant(bound);
  await setCookies(clearedKioskCookies());
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

// GET, PUT, PATCH, DELETE /kiosk/sign-out - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
