/**
 * How long a sign-in lasts (docs/decisions/0018-least-privilege.md). Every session has an absolute end
 * and an idle end; grants without `offline_access` live exactly as long as their session, so an app's
 * refresh token dies with the sign-in it came from.
 *
 * Keycloak's defaults (30 minutes idle, 10 hours at most) are made for an office. Members sign in from a
 * phone they own and come back weekly, so theirs are longer; staff hold the church's register, so theirs
 * are an office day.
 */
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export interface SessionLifetime {
  /** Signed in again after this, however active. */
  absoluteSeconds: number;
  /** Over after this long without use of our pages or a refresh of its grants. */
  idleSeconds: number;
}

export const MEMBER_SESSION: SessionLifetime = { absoluteSeconds: 30 * DAY, idleSeconds: 14 * DAY };
export const STAFF_SESSION: SessionLifetime = { absoluteSeconds: 12 * HOUR, idleSeconds: 1 * HOUR };

/**
 * A lobby kiosk's device session (docs/decisions/0023, "Kiosks"): idle for at most this long, whoever enrolled
 * it. A church's kiosk is used on Sundays, so it must outlive a week without use, with a day to spare for a
 * service that starts later than last week's ended; a tablet left in a cupboard for a fortnight, or stolen,
 * must be set up again. Its absolute end stays the enrolling account's (a volunteer's 30 days).
 */
export const KIOSK_IDLE_SECONDS = 8 * DAY;
