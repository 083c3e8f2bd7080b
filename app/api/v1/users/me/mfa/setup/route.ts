import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { setUpMfa } from "@/lib/mfa/endpoints";
import { startTotpSetup } from "@/lib/mfa/start-totp-setup";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/mfa/setup - step 1 of TOTP enrolment: a pending secret as an otpauth:// URL
  handle(setUpMfa, ({ caller, database }) => startTotpSetup(database, caller.userId)),
);
