/**
 * The user handle a member's passkeys carry (WebAuthn `user.id`): the 16 bytes of their account id, as
 * base64url. Opaque to the authenticator, stable for the account, and no personal data beyond our own id.
 */
export function passkeyUserHandle(userId: string): string {
  return Buffer.from(userId.replaceAll("-", ""), "hex").toString("base64url");
}
