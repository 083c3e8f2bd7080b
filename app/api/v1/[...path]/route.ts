import { identityErrorResponse } from "@/lib/http/identity";
import { IdentityError } from "@/lib/identity/errors";

export const dynamic = "force-dynamic";

const unknownRoute = async () => identityErrorResponse(new IdentityError("not_found", "no such route"));

// Any other /api/v1 path - not_found in the identity error shape, not an HTML page
export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
