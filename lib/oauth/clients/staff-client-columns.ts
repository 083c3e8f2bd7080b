import { isoTimestamp } from "../../staff-lists/paging.ts";

/** A client as staff see it (the AdminClient shape, ./staff-schemas.ts), as the columns of `client c`: never its secret's hash. */
export const STAFF_CLIENT_COLUMNS = `c.id AS client_id, c.name, c.type, c.redirect_uris, c.post_logout_redirect_uris, c.grant_types, c.scopes,
  c.first_party, c.require_pkce, c.backchannel_logout_uri,
  c.backchannel_logout_session_required, c.require_pushed_authorization_requests, ${isoTimestamp("c.created_at")} AS created_at,
  ${isoTimestamp("c.disabled_at")} AS disabled_at`;
