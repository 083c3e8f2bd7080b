import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { changeMyPassword as setNewPassword } from "@/lib/passwords/change-my-password";
import { changeMyPassword } from "@/lib/users/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PUT /api/v1/users/me/password - a new password (or a first one) after a recent sign-in; the member's other sessions end
  handle(changeMyPassword, ({ caller, body, database, context }) =>
    setNewPassword(database, { userId: caller.userId, sessionId: caller.sessionId, newPassword: body.new_password, context }),
  ),
);
