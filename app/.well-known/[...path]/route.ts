import { identityErrorResponse } from "@/lib/http/identity";
import { IdentityError } from "@/lib/identity/errors";

export const dynamic = "force-dynamic";

const unknownDocument = async () => identityErrorResponse(new IdentityError("not_found", "no such document"));

// Any other /.well-known path - a JSON 404 like every machine-read address here; without it a POST there
// was taken for a Server Action and answered 409 in plain text (found by the hostile-input proof)
export const GET = unknownDocument;
export const POST = unknownDocument;
export const PUT = unknownDocument;
export const PATCH = unknownDocument;
export const DELETE = unknownDocument;
