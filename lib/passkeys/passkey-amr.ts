import type { AuthenticationMethod } from "../sessions/create-session.ts";

/**
 * What a passkey proves, in RFC 8176's words: possession of a key (`hwk` when it cannot leave its
 * authenticator, `swk` when it is synced between devices, i.e. backup eligible), a user verified on the
 * authenticator (`user`: we require UV, so a PIN or biometric was checked), and so two factors (`mfa`).
 */
export function passkeyAmr(deviceType: string): AuthenticationMethod[] {
  return [deviceType === "multiDevice" ? "swk" : "hwk", "user", "mfa"];
}
