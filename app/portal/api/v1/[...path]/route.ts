import { relayToIdentityApi } from "@/lib/portal-api/relay";

export const dynamic = "force-dynamic";

// GET|POST|PUT|PATCH|DELETE /portal/api/v1/{path} - the portal's browser code calling /api/v1 with the member's server-held token
const relay = relayToIdentityApi;

export { relay as GET, relay as POST, relay as PUT, relay as PATCH, relay as DELETE };
