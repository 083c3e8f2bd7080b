/**
 * How often the token-signing keys are replaced with `npm run keys:rotate` (lib/oauth/keys.ts): every 90
 * days, as docs/deployment.md ("Key rotation") and scripts/keys-rotate.ts ask. Nothing rotates them by
 * itself; the office's overview tells an administrator when the keys signing now are older than this.
 */
export const SIGNING_KEY_ROTATION_DAYS = 90;
