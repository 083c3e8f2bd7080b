import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey held in the test process instead of a browser, for the API specs and the benchmark, which have
 * no browser: it answers a challenge as an authenticator does (WebAuthn Level 3, 6.1 and 6.3.3): authenticator
 * data (the relying party id's hash, the flags, the counter), the client data a browser would build, and an
 * ES256 signature over both, made by node:crypto. Each answer can be bent one way (another origin, no user
 * verification, a counter of the spec's choosing) to prove the server refuses it.
 */
export interface SoftwarePasskey {
  credentialId: string;
  /** COSE public key, as the server stores a registered one. */
  publicKey: Uint8Array;
  privateKeyPkcs8: Buffer;
  counter: number;
  userHandle?: string;
  synced: boolean;
}

export function newSoftwarePasskey(options: { userHandle?: string; synced?: boolean; counter?: number } = {}): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  return {
    credentialId: randomBytes(16).toString("base64url"),
    publicKey: cose,
    privateKeyPkcs8: privateKey.export({ format: "der", type: "pkcs8" }),
    counter: options.counter ?? 0,
    userHandle: options.userHandle,
    synced: options.synced ?? false,
  };
}

export interface AssertionOptions {
  challenge: string;
  rpId: string;
  origin: string;
  /** Default: one above the last answer (0 stays 0, as a synced passkey's counter does). */
  counter?: number;
  userVerified?: boolean;
  type?: string;
}

/** The AuthenticationResponseJSON a browser would post for this passkey. */
export function signAssertion(passkey: SoftwarePasskey, options: AssertionOptions): Record<string, unknown> {
  const counter = options.counter ?? (passkey.counter === 0 ? 0 : passkey.counter + 1);
  passkey.counter = counter;
  // Flags: UP (0x01), UV (0x04), and for a synced passkey BE (0x08) and BS (0x10).
  const flags = 0x01 | (options.userVerified === false ? 0 : 0x04) | (passkey.synced ? 0x18 : 0);
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  const authenticatorData = Buffer.concat([createHash("sha256").update(options.rpId).digest(), Buffer.from([flags]), counterBytes]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: options.type ?? "webauthn.get", challenge: options.challenge, origin: options.origin, crossOrigin: false }),
  );
  const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
  const signature = sign("sha256", signed, createPrivateKey({ key: passkey.privateKeyPkcs8, format: "der", type: "pkcs8" }));
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: "public-key",
    response: {
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: signature.toString("base64url"),
      ...(passkey.userHandle ? { userHandle: passkey.userHandle } : {}),
    },
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
  };
}

export interface RegistrationAnswerOptions {
  challenge: string;
  rpId: string;
  origin: string;
  /** Authenticator data flags: UP | UV | AT (0x45) unless told otherwise. */
  flags?: number;
  type?: string;
}

/**
 * What navigator.credentials.create answers for this passkey (RegistrationResponseJSON), attestation `none`
 * (WebAuthn Level 3, 6.5.4): authenticator data with the attested credential (no AAGUID, the credential id,
 * the COSE key), in a CBOR attestation object.
 */
export interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: string;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  authenticatorAttachment: string;
  clientExtensionResults: Record<string, unknown>;
}

export function attestRegistration(passkey: SoftwarePasskey, options: RegistrationAnswerOptions): RegistrationAnswer {
  const credentialId = Buffer.from(passkey.credentialId, "base64url");
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([
    createHash("sha256").update(options.rpId).digest(),
    Buffer.from([options.flags ?? 0x45]),
    counterBytes,
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    Buffer.from(passkey.publicKey),
  ]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
  const clientDataJSON = JSON.stringify({ type: options.type ?? "webauthn.create", challenge: options.challenge, origin: options.origin, crossOrigin: false });
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: "public-key",
    response: {
      clientDataJSON: Buffer.from(clientDataJSON).toString("base64url"),
      attestationObject: Buffer.from(attestationObject).toString("base64url"),
      transports: ["internal", "hybrid"],
    },
    authenticatorAttachment: "platform",
    clientExtensionResults: { credProps: { rk: true } },
  };
}
