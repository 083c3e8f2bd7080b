import type { IdentityErrorCode } from "../identity/errors.ts";

/** The identity surface's status for each kind of identity error (interface.md 7.2, decisions.md part 2). */
export const IDENTITY_ERROR_STATUS = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_user_authentication: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,
  method_not_allowed: 405,
} as const satisfies Record<IdentityErrorCode, number>;
