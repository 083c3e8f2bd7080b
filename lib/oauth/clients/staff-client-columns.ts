import { isoTimestamp } from "../../staff-lists/paging.ts";

/** A client as staff see it (the AdminClient shape, ./staff-schemas.ts), as the columns of `client c`: never its secret's hash. */
// Prisma makes list columns nullable; a row written by hand may hold NULL, and the answer is always a list.
export const STAFF_CLIENT_COLUMNS = `c.id AS client_id, c.name, c.type, COALESCE(c.redirect_uris, '{}') AS redirect_uris,
  COALESCE(c.post_logout_redirect_uris, '{}') AS post_logout_redirect_uris, COALESCE(c.grant_types, '{}') AS grant_types, COALESCE(c.scopes, '{}') AS scopes,
  c.first_party, c.require_pkce, c.require_nonce_without_pkce, c.backchannel_logout_uri,
  c.backchannel_logout_session_required, c.require_pushed_authorization_requests, c.dpop_bound_access_tokens, ${isoTimestamp("c.created_at")} AS created_at,
  ${isoTimestamp("c.disabled_at")} AS disabled_at,
  (SELECT json_build_object('id', cp.id, 'name', cp.name) FROM campus cp WHERE cp.id = c.check_in_campus_id) AS check_in_campus,
  COALESCE(c.allowed_networks, '{}') AS allowed_networks`;
