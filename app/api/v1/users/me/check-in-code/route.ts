import { MEMBER_CODE_LIFETIME_SECONDS, issueMemberCode } from "@/lib/check-in/member-code";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";

export const dynamic = "force-dynamic";

// GET /api/v1/users/me/check-in-code - a fresh signed code for the member's QR, good for five minutes
export const GET = identityRoute({ scope: AREA_SCOPES.checkIn, permission: "profile:read" }, async ({ caller }) => {
  const issued = await issueMemberCode(caller.userId);
  return identityJson({ code: issued.code, expires_at: issued.expiresAt.toISOString(), lifetime_seconds: MEMBER_CODE_LIFETIME_SECONDS });
});

// POST, PUT, PATCH, DELETE /api/v1/users/me/check-in-code - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
