import { identityErrorResponse } from "@/lib/http/identity";
import { IdentityError } from "@/lib/identity/errors";

export const dynamic = "force-dynamic";

const unknownRoute = async () => identityErrorResponse(new IdentityError("not_found", "no such route"));

// Any other /api path (e.g. /api/v1/../x after normalisation) - not_found in the identity error shape, not
// Next's HTML page: every address under /api answers JSON (found by the hostile-input proof)
export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
