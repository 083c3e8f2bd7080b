import { cookies } from "next/headers";
import { database as openDatabase } from "@/lib/db";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { requestContext } from "@/lib/http/request-context";
import { kioskProofOf } from "@/lib/portal-api/kiosk-proof";
import { kioskProofRefusal, kioskRoute, setCookies } from "@/lib/portal-api/kiosk-relay";
import { fromOwnPage, relayRefusal } from "@/lib/portal-api/relay-upstream";
import { enrolCookieName, pollKioskEnrolment } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

// POST /kiosk/enrol/poll - has a volunteer approved this tablet yet? On approval its tokens go into the sealed kiosk cookie, bound to the tablet's key
export const POST = kioskRoute(async (request: Request): Promise<Response> => {
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  // The tablet that started the enrolment, by its key: an enrolment cookie carried elsewhere is worth nothing there.
  const proof = await kioskProofOf(await openDatabase(), request);
  if (!proof.ok) return kioskProofRefusal("This browser could not prove it holds the kiosk's key. Check the tablet's date and time, and try again.");
  const outcome = await pollKioskEnrolment((await cookies()).get(enrolCookieName())?.value, requestContext(request.headers), proof.jkt).catch(() => null);
  if (!outcome) return relayRefusal(503, "service_unavailable", "The sign-in service is not answering. Try again in a moment.");
  if ("cookies" in outcome) await setCookies(outcome.cookies);
  return Response.json({ status: outcome.status }, { headers: { "Cache-Control": "no-store" } });
});

// GET, PUT, PATCH, DELETE /kiosk/enrol/poll - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
