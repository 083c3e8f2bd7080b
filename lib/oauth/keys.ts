import "server-only";
import { createPrivateKey, type JsonWebKey as NodeJsonWebKey, type KeyObject } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { randomToken } from "../crypto/tokens.ts";
import { db, sql } from "../db.ts";
import { KEY_PREPUBLISH_SECONDS, RETIRED_KEY_PUBLISH_SECONDS } from "./config.ts";

/**
 * Token-signing keys, kept in PostgreSQL so every instance signs with the same key and publishes the
 * same JWKS (decisions.md part 5). The private JWK is sealed (JWE, key derived from APP_SECRET).
 * One signing key per algorithm: RS256 for ID tokens (OIDC's mandatory algorithm) and ES256 for access
 * tokens (decision 0006). Rotation publishes new keys at once but activates them only after
 * KEY_PREPUBLISH_SECONDS, longer than any JWKS cache (ours: a minute in-process, a minute for clients),
 * so no verifier meets a kid it has not seen; the old keys sign until then, and stay published until
 * every token they signed has expired.
 */
export const SIGNING_ALGORITHMS = ["RS256", "ES256"] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

const SEAL_PURPOSE = "signing-key";
const CACHE_MS = 60_000;
/** Serialises key creation across instances: only one creates the first keys. */
const KEY_CREATION_LOCK = 72707370;

export interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: KeyObject;
}

interface KeyCache {
  loadedAt: number;
  current: Map<SigningAlgorithm, SigningKey>;
  jwks: { keys: JWK[] };
}

let cache: KeyCache | undefined;
let loading: Promise<KeyCache> | undefined;

async function createKey(alg: SigningAlgorithm) {
  const { publicKey, privateKey } = await generateKeyPair(alg, alg === "RS256" ? { modulusLength: 2048, extractable: true } : { extractable: true });
  const kid = `${alg.toLowerCase()}-${randomToken(9)}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg };
  return { id: kid, alg, publicJwk, privateJwkEncrypted: await sealSecret(SEAL_PURPOSE, JSON.stringify(privateJwk)) };
}

/** Creates a current key for every algorithm that has none. Safe to run from several instances at once. */
export async function ensureSigningKeys(): Promise<void> {
  const prisma = await db();
  const missing = async () => {
    const present = await prisma.signingKey.findMany({ where: { OR: [{ retiredAt: null }, { retiredAt: { gt: new Date() } }] }, select: { alg: true } });
    return SIGNING_ALGORITHMS.filter((alg) => !present.some((key) => key.alg === alg));
  };
  if ((await missing()).length === 0) return;
  await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const present = await tx.signingKey.findMany({ where: { OR: [{ retiredAt: null }, { retiredAt: { gt: new Date() } }] }, select: { alg: true } });
    for (const alg of SIGNING_ALGORITHMS) {
      if (present.some((key) => key.alg === alg)) continue;
      await tx.signingKey.create({ data: await createKey(alg) });
    }
  });
}

/**
 * Rotates every algorithm's key: new keys published now and signing from KEY_PREPUBLISH_SECONDS on; the
 * old ones sign until then and stay published RETIRED_KEY_PUBLISH_SECONDS longer. Returns the new key ids.
 */
export async function rotateSigningKeys(): Promise<string[]> {
  const prisma = await db();
  const created = await Promise.all(SIGNING_ALGORITHMS.map(createKey));
  const handover = new Date(Date.now() + KEY_PREPUBLISH_SECONDS * 1000);
  await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    // A key already waiting for its turn is replaced too: only the newest rotation counts.
    await tx.signingKey.updateMany({
      where: { retiredAt: null },
      data: { retiredAt: handover, publishUntil: new Date(handover.getTime() + RETIRED_KEY_PUBLISH_SECONDS * 1000) },
    });
    await tx.signingKey.createMany({ data: created.map((key) => ({ ...key, activeFrom: handover })) });
  });
  cache = undefined;
  return created.map((key) => key.id);
}

interface KeyRow {
  id: string;
  alg: SigningAlgorithm;
  public_jwk: JWK;
  private_jwk_encrypted: string;
  /** Active now: past active_from and not yet retired. */
  signing: boolean;
}

async function load(): Promise<KeyCache> {
  let rows = await readPublishedKeys();
  if (SIGNING_ALGORITHMS.some((alg) => !rows.some((row) => row.alg === alg && row.signing))) {
    await ensureSigningKeys();
    rows = await readPublishedKeys();
  }
  const current = new Map<SigningAlgorithm, SigningKey>();
  for (const row of rows) {
    if (!row.signing || current.has(row.alg)) continue;
    const jwk = JSON.parse(await openSecret(SEAL_PURPOSE, row.private_jwk_encrypted)) as JWK;
    const privateKey = createPrivateKey({ key: jwk as NodeJsonWebKey, format: "jwk" });
    current.set(row.alg, { kid: row.id, alg: row.alg, privateKey });
  }
  for (const alg of SIGNING_ALGORITHMS) {
    if (!current.has(alg)) throw new Error(`no current ${alg} signing key`);
  }
  return { loadedAt: Date.now(), current, jwks: { keys: rows.map((row) => row.public_jwk) } };
}

function readPublishedKeys(): Promise<KeyRow[]> {
  return sql<KeyRow>(
    `SELECT id, alg, public_jwk, private_jwk_encrypted,
            active_from <= now() AND (retired_at IS NULL OR retired_at > now()) AS signing
       FROM signing_key
      WHERE publish_until IS NULL OR publish_until > now()
      ORDER BY active_from DESC, created_at DESC`,
  );
}

async function keys(): Promise<KeyCache> {
  if (cache && Date.now() - cache.loadedAt < CACHE_MS) return cache;
  loading ??= load().finally(() => {
    loading = undefined;
  });
  cache = await loading;
  return cache;
}

export async function currentSigningKey(alg: SigningAlgorithm): Promise<SigningKey> {
  const key = (await keys()).current.get(alg);
  if (!key) throw new Error(`no current ${alg} signing key`);
  return key;
}

/** The public keys to publish: every current key and every retired one still within its publish window. */
export async function publishedJwks(): Promise<{ keys: JWK[] }> {
  return (await keys()).jwks;
}

/**
 * Checks at start-up that this instance can open the signing keys: a changed APP_SECRET would otherwise
 * surface as a failing token endpoint. Creates the first keys on an empty database.
 */
export async function checkSigningKeys(): Promise<void> {
  await ensureSigningKeys();
  try {
    await keys();
  } catch (error) {
    if (error instanceof Error && /decrypt/i.test(error.message)) {
      throw new SigningKeysUnreadableError(
        "The token-signing keys in the database cannot be decrypted with this APP_SECRET. Restore the APP_SECRET " +
          "they were sealed with, or (this signs every member out of third-party apps) delete the rows of signing_key so new keys are made.",
      );
    }
    throw error;
  }
}

export class SigningKeysUnreadableError extends Error {
  override name = "SigningKeysUnreadableError";
}

/** Forgets the cached keys (tests and the rotation command). */
export function forgetCachedKeys(): void {
  cache = undefined;
}
