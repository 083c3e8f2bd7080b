import { cookies } from "next/headers";
import { approveKioskSignOut } from "@/lib/check-in/kiosk-sign-out";
import { kioskSignOutBodySchema } from "@/lib/check-in/schemas";
import { database as openDatabase } from "@/lib/db";
import { identityErrorResponse } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { BodyTooLargeError, readBodyText } from "@/lib/http/read-body";
import { requestContext } from "@/lib/http/request-context";
import { logLine } from "@/lib/log/json-log";
import { kioskRoute, setCookies, tabletHoldsKey } from "@/lib/portal-api/kiosk-relay";
import { fromOwnPage, relayRefusal } from "@/lib/portal-api/relay-upstream";
import { clearedKioskCookies, kioskCookieName, readKioskTokens, revokeKioskGrant } from "@/lib/portal-api/kiosk-session";

export const dynamic = "force-dynamic";

const SCAN_A_VOLUNTEER = "Only a check-in volunteer can sign this kiosk out: ask one to scan their own check-in code.";

/** The volunteer's code from the body, or the refusal to answer (the page always sends JSON). */
async function volunteerCodeOf(request: Request): Promise<string | Response> {
  let json: unknown;
  try {
    json = JSON.parse(await readBodyText(request, 4096));
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof SyntaxError) return relayRefusal(400, "invalid_request", SCAN_A_VOLUNTEER);
    throw error;
  }
  const body = kioskSignOutBodySchema.safeParse(json);
  return body.success ? body.data.volunteer_code : relayRefusal(400, "invalid_request", SCAN_A_VOLUNTEER);
}

// POST /kiosk/sign-out - a check-in volunteer's own code, scanned at the tablet holding its key, revokes the kiosk's grant at the issuer; this browser forgets its tokens
export const POST = kioskRoute(async (request: Request): Promise<Response> => {
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  const tokens = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  const { ip } = requestContext(request.headers);
  const bound = tokens ? await tabletHoldsKey(request, tokens, ip) : null;
  // Nothing to sign out, or a copied cookie without the tablet's key (refused and forgotten by
  // tabletHoldsKey): this browser forgets whatever it holds; the real tablet is untouched.
  if (!bound || (bound instanceof Response && bound.status === 401)) {
    await setCookies(clearedKioskCookies());
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  // The tablet's own proof, only stale (its clock): the page tries once more by the server's.
  if (bound instanceof Response) return bound;

  // A parent pressing the button twice is not enough (docs/decisions/0023, "Signing a kiosk out").
  const code = await volunteerCodeOf(request);
  if (code instanceof Response) return code;
  const approval = await approveKioskSignOut(await openDatabase(), bound.jkt, code);
  if (!approval.ok) return identityErrorResponse(approval.refusal);
  await revokeKioskGrant(bound);
  await setCookies(clearedKioskCookies());
  // For the office reading the logs: which kiosk, by whom, from where. Never a code or a token.
  logLine("info", "kiosk_signed_out", { client_id: bound.clientId, volunteer_id: approval.volunteerId, ip });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

// GET, PUT, PATCH, DELETE /kiosk/sign-out - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
