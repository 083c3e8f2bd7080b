/**
 * The WebAuthn user handle (user.id) of a member: the 16 bytes of their account's UUID. It is opaque to the
 * authenticator and carries nothing personal beyond our own id (WebAuthn Level 3, 14.6.1: not an email or
 * a name), it never changes, and a discoverable credential's assertion answers it, so a passkey sign-in
 * finds the account from it with no lookup table. Pure: shared by registration and sign-in.
 */
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

/** The member's user handle as bytes, for generateRegistrationOptions' `userID`. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  const match = UUID.exec(userId);
  if (!match) throw new Error("a user handle is made from an account id (a UUID)");
  const hex = match.slice(1).join("").toLowerCase();
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The same handle as base64url, as it appears in the options and in an assertion's `userHandle`. */
export function userHandleBase64url(userId: string): string {
  return Buffer.from(userHandleOf(userId)).toString("base64url");
}

/** The account id a user handle (base64url, as an assertion answers it) names; null when it is not one of ours. */
export function userIdFromHandle(handle: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(handle)) return null;
  const bytes = Buffer.from(handle, "base64url");
  if (bytes.length !== 16 || bytes.toString("base64url") !== handle) return null;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
