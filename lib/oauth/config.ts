/**
 * Lifetimes and protocol constants of the authorization server, in one place (decision 0006).
 */
/** Access tokens: 10 minutes (decisions.md part 5). */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
/** ID tokens: as long as an access token; they are for the client to read once, not to keep. */
export const ID_TOKEN_TTL_SECONDS = 600;
/**
 * Refresh tokens: 30 days of inactivity (each use rotates and restarts the clock). A grant without
 * `offline_access` also ends with its session (lib/sessions/session-lifetimes.ts); one with it outlives the
 * session's expiry, never its revocation, up to OFFLINE_GRANT_MAX_SECONDS after it was made.
 */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The absolute maximum of an `offline_access` grant: then the member signs in to the app again. */
export const OFFLINE_GRANT_MAX_SECONDS = 90 * 24 * 60 * 60;
/**
 * Sensitive changes (recovery contacts, second factor, linked identities, deletion, staff roles) need a
 * sign-in at most this old (`auth_time`); an older one is asked to sign in again (RFC 9470, `max_age`).
 */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
/** Authorization codes: 60 seconds, single use (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** Clock skew tolerated when verifying tokens. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** A rotated-in key is published this long before it signs: longer than every JWKS cache (ours and clients'). */
export const KEY_PREPUBLISH_SECONDS = 3 * 60;
/** A retired signing key stays published this long: every token it signed has expired by then. */
export const RETIRED_KEY_PUBLISH_SECONDS = Math.max(ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS) + 5 * 60;

export const ACCESS_TOKEN_TYPE = "at+jwt";
