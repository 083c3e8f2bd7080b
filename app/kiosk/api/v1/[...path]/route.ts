import { kioskRoute, relayToKioskApi } from "@/lib/portal-api/kiosk-relay";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path: string[] }> };

// GET|POST|PUT|PATCH|DELETE /kiosk/api/v1/{name} - the kiosk page calling /api/v1/kiosk/{name} with the kiosk's server-held token
const relay = kioskRoute(async (request: Request, { params }: Params): Promise<Response> => relayToKioskApi(request, (await params).path));

export { relay as GET, relay as POST, relay as PUT, relay as PATCH, relay as DELETE };
