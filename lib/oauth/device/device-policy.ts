import type { AttemptPolicy } from "../../limits/policies.ts";

/** RFC 8628 3.4: the grant type a device polls the token endpoint with. */
export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

/** How long the code on the screen stays good: long enough to find a phone and sign in, no longer. */
export const DEVICE_CODE_TTL_SECONDS = 600;

/** RFC 8628 3.2 default; each `slow_down` adds five for that device (3.5). */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
export const SLOW_DOWN_STEP_SECONDS = 5;

/**
 * Device codes asked for from one IP address: a church's kiosks share one address and each asks for a new
 * code every ten minutes while nobody uses it, so sixty in a quarter-hour is far more than a lobby needs
 * and stops one machine from filling the table.
 */
export const DEVICE_START_IP_POLICY: AttemptPolicy = {
  freeFailures: 60,
  baseDelaySeconds: 60,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 15 * 60,
};
