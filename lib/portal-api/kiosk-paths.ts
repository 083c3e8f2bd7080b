/**
 * Where the lobby kiosk page (/kiosk) reaches its own server routes, and the kiosk client a tablet enrols
 * under when its address names none (`/kiosk?client=<id>`). Pure: shared by the page, its routes and the
 * demo seed (docs/decisions/0023, "The kiosk page").
 */
export const KIOSK_API_PREFIX = "/kiosk/api/v1";
export const KIOSK_ENROL_PATH = "/kiosk/enrol";
export const KIOSK_POLL_PATH = "/kiosk/enrol/poll";
export const KIOSK_SIGN_OUT_PATH = "/kiosk/sign-out";
export const DEFAULT_KIOSK_CLIENT_ID = "demo-checkin-kiosk";
export const KIOSK_SCOPE_REQUEST = "openid check-in:kiosk";

/** A client id as registrations spell them; anything else is refused before it reaches the issuer. */
export const KIOSK_CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** The kiosk API calls the page may relay, by method: nothing else of /api/v1 is reachable with its token. */
const RELAYED: Record<string, "GET" | "POST"> = { events: "GET", "phone-checks": "POST", households: "POST", "check-ins": "POST", pickups: "POST", "check-outs": "POST" };

/** `["households"]` with POST → `/api/v1/kiosk/households`, or null for anything else. */
export function kioskUpstreamPath(segments: readonly string[], method: string): string | null {
  if (segments.length !== 1) return null;
  const [name] = segments;
  if (!name || !Object.hasOwn(RELAYED, name) || RELAYED[name] !== method) return null;
  return `/api/v1/kiosk/${name}`;
}
