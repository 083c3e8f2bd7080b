import QRCode from "qrcode";
import { z } from "zod";
import { BodyTooLargeError, readBodyText } from "@/lib/http/read-body";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { KIOSK_CLIENT_ID_PATTERN } from "@/lib/portal-api/kiosk-paths";
import { fromKioskPage, kioskRefusal, setCookies } from "@/lib/portal-api/kiosk-relay";
import { startKioskEnrolment } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ client_id: z.string().regex(KIOSK_CLIENT_ID_PATTERN, "must be a client id") }).strict();

// POST /kiosk/enrol - start the device authorization grant for this tablet: the code and link to show, a QR of the link
export async function POST(request: Request): Promise<Response> {
  if (!fromKioskPage(request)) return kioskRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  let json: unknown;
  try {
    json = JSON.parse(await readBodyText(request, 4096));
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof SyntaxError) return kioskRefusal(400, "invalid_request", "The request body must be JSON.");
    throw error;
  }
  const body = bodySchema.safeParse(json);
  if (!body.success) return kioskRefusal(400, "invalid_request", "client_id: must be a client id");
  const started = await startKioskEnrolment(body.data.client_id, request.headers.get("user-agent")).catch(() => ({ ok: false as const, error: "temporarily_unavailable" }));
  if (!started.ok) {
    return kioskRefusal(
      started.error === "temporarily_unavailable" ? 503 : 400,
      started.error === "temporarily_unavailable" ? "service_unavailable" : "invalid_request",
      started.error === "temporarily_unavailable" ? "The sign-in service is not answering. Try again in a moment." : `This kiosk cannot be set up as “${body.data.client_id}” (${started.error}). Check the kiosk's address with the church office.`,
    );
  }
  await setCookies([started.cookie]);
  const { user_code, verification_uri, verification_uri_complete, expires_in, interval } = started.start;
  const qr = await QRCode.toString(verification_uri_complete, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return Response.json(
    { user_code, verification_uri, verification_uri_complete, expires_in, interval: interval ?? 5, qr_svg: qr },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// GET, PUT, PATCH, DELETE /kiosk/enrol - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
