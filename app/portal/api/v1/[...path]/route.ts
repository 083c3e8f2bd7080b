import { relayToIdentityApi } from "@/lib/portal-api/relay";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path: string[] }> };

// GET|POST|PUT|PATCH|DELETE /portal/api/v1/{path} - the portal's browser code calling /api/v1 with the member's server-held token
async function relay(request: Request, { params }: Params): Promise<Response> {
  return relayToIdentityApi(request, (await params).path);
}

export { relay as GET, relay as POST, relay as PUT, relay as PATCH, relay as DELETE };
