import QRCode from "qrcode";
import { z } from "zod";
import { database as openDatabase } from "@/lib/db";
import { BodyTooLargeError, readBodyText } from "@/lib/http/read-body";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { requestContext } from "@/lib/http/request-context";
import { OUTSIDE_ALLOWED_NETWORKS } from "@/lib/oauth/clients/allowed-networks";
import { tooManyAttemptsMessage } from "@/lib/limits/policies";
import { countKioskEnrolment } from "@/lib/portal-api/kiosk-enrol-limit";
import { KIOSK_CLIENT_ID_PATTERN } from "@/lib/portal-api/kiosk-paths";
import { kioskProofOf } from "@/lib/portal-api/kiosk-proof";
import { kioskProofRefusal, kioskRoute, setCookies, volunteerSentence } from "@/lib/portal-api/kiosk-relay";
import { fromOwnPage, relayRefusal } from "@/lib/portal-api/relay-upstream";
import { startKioskEnrolment, type EnrolmentRefusal } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ client_id: z.string().regex(KIOSK_CLIENT_ID_PATTERN, "must be a client id") }).strict();

function tooMany(retryAfterSeconds: number): Response {
  const answer = relayRefusal(429, "too_many_requests", `${tooManyAttemptsMessage(retryAfterSeconds)} This network has asked to set up kiosks too often.`);
  answer.headers.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return answer;
}

/** The issuer's refusal of the device grant, in the page's words. */
function refused(clientId: string, refusal: EnrolmentRefusal): Response {
  if (refusal.status === 429 || refusal.error === "slow_down") return tooMany(refusal.retryAfterSeconds ?? 60);
  if (refusal.error === "unauthorized_client" && refusal.description === OUTSIDE_ALLOWED_NETWORKS) {
    return relayRefusal(403, "forbidden", `${volunteerSentence(OUTSIDE_ALLOWED_NETWORKS)} Connect this tablet to the church's network, or ask the church office.`);
  }
  if (refusal.error === "temporarily_unavailable" || refusal.status >= 500) {
    return relayRefusal(503, "service_unavailable", "The sign-in service is not answering. Try again in a moment.");
  }
  return relayRefusal(400, "invalid_request", `This kiosk cannot be set up as “${clientId}” (${refusal.error}). Check the kiosk's address with the church office.`);
}

// POST /kiosk/enrol - start the device authorization grant for this tablet: the code and link to show, a QR of the link
export const POST = kioskRoute(async (request: Request): Promise<Response> => {
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  let json: unknown;
  try {
    json = JSON.parse(await readBodyText(request, 4096));
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof SyntaxError) return relayRefusal(400, "invalid_request", "The request body must be JSON.");
    throw error;
  }
  const body = bodySchema.safeParse(json);
  if (!body.success) return relayRefusal(400, "invalid_request", "client_id: must be a client id");
  const database = await openDatabase();
  const tablet = requestContext(request.headers);
  // Counted before the proof is checked, so a flood of bad proofs costs no more than the limit allows.
  const wait = await countKioskEnrolment(database, tablet.ip);
  if (wait > 0) return tooMany(wait);
  // The tablet's key: the enrolment, and the kiosk it becomes, work only with it (docs/decisions/0023).
  const proof = await kioskProofOf(database, request);
  if (!proof.ok) {
    return kioskProofRefusal("This browser could not prove it holds the kiosk's key. Use an up-to-date browser (not a private window), check the tablet's date and time, and try again.");
  }
  const started = await startKioskEnrolment(body.data.client_id, tablet, proof.jkt).catch(
    (): EnrolmentRefusal => ({ ok: false, status: 503, error: "temporarily_unavailable", description: null, retryAfterSeconds: null }),
  );
  if (!started.ok) return refused(body.data.client_id, started);
  await setCookies([started.cookie]);
  const { user_code, verification_uri, verification_uri_complete, expires_in, interval } = started.start;
  const qr = await QRCode.toString(verification_uri_complete, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return Response.json(
    { user_code, verification_uri, verification_uri_complete, expires_in, interval: interval ?? 5, qr_svg: qr },
    { headers: { "Cache-Control": "no-store" } },
  );
});

// GET, PUT, PATCH, DELETE /kiosk/enrol - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
