/**
 * Tokens made by the tests themselves, to prove what the server refuses: expired ones, ones for another
 * audience or issuer, `alg: none`, HMAC keyed with a public key, tampered ones, ones signed by a key the
 * server never published.
 *
 * Expired tokens need the server's own key: nothing else makes a token whose only fault is its `exp`. The
 * test server's private keys sit in `signing_key`, sealed with a key derived from the test APP_SECRET
 * (JWE dir + A256GCM, HKDF-SHA-256, as lib/crypto/secret-box.ts does); this file opens them with the
 * secret the test server was started with. A change to that derivation makes these helpers fail loudly,
 * never pass silently.
 */
import { createHash, createHmac, hkdfSync } from "node:crypto";
import {
  SignJWT,
  compactDecrypt,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import { sql } from "./database.ts";
import { TEST_APP_SECRET } from "./test-env.ts";

export type ServerAlgorithm = "ES256" | "RS256";

export interface ServerKey {
  kid: string;
  alg: ServerAlgorithm;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * One of the server's signing keys, private part opened with the test APP_SECRET: the key with this `kid`
 * (take it from a token the server just issued, so a key rotation by another test cannot hand us a key the
 * server has not loaded yet), else the newest published key of the algorithm.
 */
export async function serverSigningKey(alg: ServerAlgorithm, kid?: string): Promise<ServerKey> {
  const [row] = await sql<{ id: string; public_jwk: JWK; private_jwk_encrypted: string }>(
    kid
      ? `SELECT id, public_jwk, private_jwk_encrypted FROM signing_key WHERE alg = $1 AND id = $2`
      : `SELECT id, public_jwk, private_jwk_encrypted FROM signing_key WHERE alg = $1 ORDER BY created_at DESC LIMIT 1`,
    kid ? [alg, kid] : [alg],
  );
  if (!row) throw new Error(`the test server has no ${alg} key ${kid ?? ""} (it creates them on first use)`);
  const key = new Uint8Array(hkdfSync("sha256", TEST_APP_SECRET, "church-identity", "secret-box:signing-key", 32));
  const { plaintext } = await compactDecrypt(row.private_jwk_encrypted, key, {
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  const privateJwk = JSON.parse(new TextDecoder().decode(plaintext)) as JWK;
  return { kid: row.id, alg, privateKey: (await importJWK(privateJwk, alg)) as CryptoKey, publicJwk: row.public_jwk };
}

export function header(token: string): Record<string, unknown> {
  return decodeProtectedHeader(token) as Record<string, unknown>;
}

export function claims(token: string): JWTPayload & Record<string, unknown> {
  return decodeJwt(token) as JWTPayload & Record<string, unknown>;
}

const now = () => Math.floor(Date.now() / 1000);

export interface SigningOptions {
  alg?: ServerAlgorithm;
  typ?: string;
  /** The server key to sign with (default: the newest of the algorithm). */
  kid?: string;
}

/** Signs these claims with the server's own key: a token the server could have issued. */
export async function signAsServer(payload: JWTPayload & Record<string, unknown>, { alg = "ES256", typ = "at+jwt", kid }: SigningOptions = {}): Promise<string> {
  const key = await serverSigningKey(alg, kid);
  return new SignJWT(payload).setProtectedHeader({ alg, typ, kid: key.kid }).sign(key.privateKey);
}

/**
 * A copy of a real access token with some claims changed, re-signed with the key that signed it (or, for
 * another algorithm, the given key); fresh `jti`, `iat` and `exp` unless given, so the only fault is the one
 * the test puts in.
 */
export async function resignedAccessToken(original: string, changes: Record<string, unknown>, options: SigningOptions = {}): Promise<string> {
  const originalHeader = header(original);
  const alg = options.alg ?? (originalHeader.alg as ServerAlgorithm);
  const kid = options.kid ?? (alg === originalHeader.alg ? (originalHeader.kid as string) : undefined);
  const issuedAt = now();
  const payload: Record<string, unknown> = { ...claims(original), iat: issuedAt, exp: issuedAt + 600, jti: `test-${crypto.randomUUID()}` };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete payload[name];
    else payload[name] = value;
  }
  return signAsServer(payload, { ...options, alg, kid });
}

/** Same token, expired `secondsAgo` ago (beyond the server's 30-second clock tolerance by default). */
export function expiredCopy(original: string, secondsAgo = 120): Promise<string> {
  const exp = now() - secondsAgo;
  return resignedAccessToken(original, { iat: exp - 600, exp });
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An unsecured JWT (RFC 7519 6): `alg: none` and an empty signature. */
export function unsecuredCopy(original: string, alg = "none"): string {
  const [, payload] = original.split(".");
  return `${base64url(JSON.stringify({ ...header(original), alg }))}.${payload}.`;
}

/** HS256 over the original header (alg changed) and payload, keyed with `secret`: the alg-confusion attack. */
export function hmacCopy(original: string, secret: string | Buffer): string {
  const [, payload] = original.split(".");
  const signingInput = `${base64url(JSON.stringify({ ...header(original), alg: "HS256" }))}.${payload}`;
  return `${signingInput}.${createHmac("sha256", secret).update(signingInput).digest("base64url")}`;
}

/** One character of the signature changed (not the last, whose low bits base64url decoding may ignore). */
export function tamperedSignature(original: string): string {
  const [head, payload, signature = ""] = original.split(".");
  const index = 5;
  const changed = signature[index] === "A" ? "B" : "A";
  return `${head}.${payload}.${signature.slice(0, index)}${changed}${signature.slice(index + 1)}`;
}

/** The payload changed (another subject and wider scope), the original signature kept. */
export function tamperedPayload(original: string, changes: Record<string, unknown>): string {
  const [head, , signature] = original.split(".");
  return `${head}.${base64url(JSON.stringify({ ...claims(original), ...changes }))}.${signature}`;
}

/** A key pair the server has never seen. */
export async function foreignKey(alg: ServerAlgorithm = "ES256"): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, publicJwk: await exportJWK(publicKey) };
}

/** The original claims and header (the kid too, unless another is given) signed with a foreign key. */
export async function foreignSignedCopy(original: string, options: { kid?: string; alg?: ServerAlgorithm } = {}): Promise<string> {
  const alg = options.alg ?? (header(original).alg as ServerAlgorithm);
  const { privateKey } = await foreignKey(alg);
  const protectedHeader = { ...header(original), alg, kid: options.kid ?? (header(original).kid as string) };
  return new SignJWT(claims(original)).setProtectedHeader(protectedHeader).sign(privateKey);
}

/** SHA-256 base64url: how the server stores codes and refresh tokens, to find their rows. */
export function tokenHash(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}
