import { getMyCheckInCode } from "@/lib/check-in/endpoints";
import { issueMemberCode } from "@/lib/check-in/member-code";
import { MEMBER_CODE_LIFETIME_SECONDS } from "@/lib/check-in/rules";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/check-in-code - a fresh signed code for the member's QR, good for five minutes
  handle(getMyCheckInCode, async ({ caller }) => {
    const issued = await issueMemberCode(caller.userId);
    return { code: issued.code, expires_at: issued.expiresAt.toISOString(), lifetime_seconds: MEMBER_CODE_LIFETIME_SECONDS };
  }),
);
