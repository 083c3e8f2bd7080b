import "server-only";
import { verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { IdentityError } from "../identity/errors.ts";
import { relyingParty } from "./relying-party.ts";
import type { CreatePasskeyBody } from "./schemas.ts";

export const NOT_VERIFIED = "the passkey could not be verified: the browser's answer does not match the registration that was started here";

/** A new passkey as it is stored, less its owner, name and time. */
export interface NewPasskey {
  credentialId: string;
  publicKey: Buffer<ArrayBuffer>;
  signCount: bigint;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

/**
 * The browser's answer to a registration challenge, checked by SimpleWebAuthn against our origin and relying
 * party id with user presence and verification required: what to store, or `invalid_request`. Shared by adding
 * a passkey (finish-passkey-registration.ts) and by an invitation accepted with one.
 */
export async function verifyNewPasskey(expectedChallenge: string, body: CreatePasskeyBody): Promise<NewPasskey> {
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      // The schema checked every field the library reads; its types are the DOM's, ours are zod's.
      response: body.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
    });
  } catch {
    // The library's messages name what failed inside the attestation; the member needs only to start again.
    throw new IdentityError("invalid_request", NOT_VERIFIED);
  }
  if (!verification.verified) throw new IdentityError("invalid_request", NOT_VERIFIED);
  const info = verification.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey),
    signCount: BigInt(info.credential.counter),
    transports: info.credential.transports ?? body.response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}
