/**
 * The one definition of a live sign-in session, as a SQL condition on a `session` row aliased `s`: not
 * signed out or revoked, not past its absolute end, not idle longer than its idle timeout
 * (lib/sessions/session-lifetimes.ts). Every reader of sessions (the cookie, token liveness, refresh,
 * code exchange, the sessions list) uses it, so they cannot disagree about when a session is over.
 */
export const LIVE_SESSION_SQL =
  "(s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => s.idle_timeout_seconds))";
