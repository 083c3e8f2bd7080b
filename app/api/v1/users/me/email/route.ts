import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { startEmailChange as sendEmailChangeCode } from "@/lib/users/change-my-email";
import { startEmailChange } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/email - a code to a new sign-in address after a recent sign-in (calling again resends; rate limited)
  handle(startEmailChange, ({ caller, body, database, context }) => sendEmailChangeCode(database, caller.userId, body.email, context)),
);
