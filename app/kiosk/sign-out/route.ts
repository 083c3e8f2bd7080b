import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { fromKioskPage, kioskRefusal, setCookies } from "@/lib/portal-api/kiosk-relay";
import { clearedKioskCookies } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

// POST /kiosk/sign-out - this tablet forgets its kiosk tokens (staff revoke the grant itself under the volunteer's Security page)
export async function POST(request: Request): Promise<Response> {
  if (!fromKioskPage(request)) return kioskRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  await setCookies(clearedKioskCookies());
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

// GET, PUT, PATCH, DELETE /kiosk/sign-out - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
