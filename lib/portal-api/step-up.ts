/**
 * RFC 9470's step-up challenge as our identity API sends it (lib/identity/errors.ts
 * insufficientUserAuthentication): `WWW-Authenticate: Bearer error="insufficient_user_authentication"`,
 * with `max_age` when a fresh sign-in is what is missing. Pure: the relay and the browser client share it.
 */
export interface StepUpChallenge {
  /** A sign-in at most this old is needed; absent when signing in again would not help (a missing factor). */
  maxAgeSeconds: number | null;
}

export function stepUpChallenge(wwwAuthenticate: string | null): StepUpChallenge | null {
  if (!wwwAuthenticate || !/\berror="insufficient_user_authentication"/.test(wwwAuthenticate)) return null;
  const maxAge = /\bmax_age=(\d{1,9})\b/.exec(wwwAuthenticate)?.[1];
  return { maxAgeSeconds: maxAge === undefined ? null : Number(maxAge) };
}
