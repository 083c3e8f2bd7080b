/** Invitations (issue 40): shared by the API, the pages and the tests. Pure. */

/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

/** The most records one request invites (a filtered list's page, or an import's people in turns). */
export const MAX_INVITED_AT_ONCE = 10_000;

/**
 * `expired`: sent, and past its days; `bounced`: sent, and its email refused for good by the mail server (both
 * stored as `sent`; sending it again opens it again). `replaced`: a newer invitation of the same person took
 * its place.
 */
export const INVITATION_STATUSES = ["sent", "accepted", "expired", "bounced", "revoked", "replaced"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Where the link opens. */
export const INVITATION_PATH = "/invitation";
