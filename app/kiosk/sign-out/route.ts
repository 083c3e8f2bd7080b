import { cookies } from "next/headers";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { fromKioskPage, kioskRefusal, setCookies } from "@/lib/portal-api/kiosk-relay";
import { clearedKioskCookies, kioskCookieName, readKioskTokens, revokeKioskGrant } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

// POST /kiosk/sign-out - the kiosk's grant is revoked at the issuer and this tablet forgets its tokens
export async function POST(request: Request): Promise<Response> {
  if (!fromKioskPage(request)) return kioskRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  await revokeKioskGrant(await readKioskTokens((await cookies()).get(kioskCookieName())?.value));
  await setCookies(clearedKioskCookies());
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

// GET, PUT, PATCH, DELETE /kiosk/sign-out - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
