import "server-only";
import { createPrivateKey, type JsonWebKey as NodeJsonWebKey, type KeyObject } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
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
export async function ensureSigningKeys(database: Database): Promise<void> {
  const missing = async (handle: Database) => {
    const present = await handle.prisma.signingKey.findMany({ where: { OR: [{ retiredAt: null }, { retiredAt: { gt: new Date() } }] }, select: { alg: true } });
    return SIGNING_ALGORITHMS.filter((alg) => !present.some((key) => key.alg === alg));
  };
  const wanted = await missing(database);
  if (wanted.length === 0) return;
  // Made before the transaction: an RSA key takes a while on a busy machine, and instances starting
  // together queue on the lock behind whoever holds it. Keys nobody needed in the end are thrown away.
  const made = await Promise.all(wanted.map(createKey));
  await database.transaction(
    async (tx) => {
      await lockKeyCreation(tx);
      const stillMissing = await missing(tx);
      for (const key of made) if (stillMissing.includes(key.alg)) await tx.prisma.signingKey.create({ data: key });
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/** Serialises key creation and rotation across instances, until the transaction ends. */
async function lockKeyCreation(tx: Database): Promise<void> {
  // pg_advisory_xact_lock answers void, which not every driver decodes: answered as text ('').
  await tx.query(`SELECT pg_advisory_xact_lock($1::bigint)::text AS locked`, [KEY_CREATION_LOCK]);
}

/**
 * Rotates every algorithm's key: new keys published now and signing from KEY_PREPUBLISH_SECONDS on; the
 * old ones sign until then and stay published RETIRED_KEY_PUBLISH_SECONDS longer. Returns the new key ids.
 */
export async function rotateSigningKeys(database: Database): Promise<string[]> {
  const created = await Promise.all(SIGNING_ALGORITHMS.map(createKey));
  const handover = new Date(Date.now() + KEY_PREPUBLISH_SECONDS * 1000);
  await database.transaction(async (tx) => {
    await lockKeyCreation(tx);
    // A key already waiting for its turn is replaced too: only the newest rotation counts.
    await tx.prisma.signingKey.updateMany({
      where: { retiredAt: null },
      data: { retiredAt: handover, publishUntil: new Date(handover.getTime() + RETIRED_KEY_PUBLISH_SECONDS * 1000) },
    });
    await tx.prisma.signingKey.createMany({ data: created.map((key) => ({ ...key, activeFrom: handover })) });
  });
  cache = undefined;
  return created.map((key) => key.id);
}

interface PublishedKey {
  id: string;
  alg: SigningAlgorithm;
  publicJwk: JWK;
  privateJwkEncrypted: string;
  /** Active now: past active_from and not yet retired. */
  signing: boolean;
}

async function load(database: Database): Promise<KeyCache> {
  let published = await readPublishedKeys(database);
  if (SIGNING_ALGORITHMS.some((alg) => !published.some((key) => key.alg === alg && key.signing))) {
    await ensureSigningKeys(database);
    published = await readPublishedKeys(database);
  }
  const current = new Map<SigningAlgorithm, SigningKey>();
  for (const key of published) {
    if (!key.signing || current.has(key.alg)) continue;
    const jwk = JSON.parse(await openSecret(SEAL_PURPOSE, key.privateJwkEncrypted)) as JWK;
    const privateKey = createPrivateKey({ key: jwk as NodeJsonWebKey, format: "jwk" });
    current.set(key.alg, { kid: key.id, alg: key.alg, privateKey });
  }
  for (const alg of SIGNING_ALGORITHMS) {
    if (!current.has(alg)) throw new Error(`no current ${alg} signing key`);
  }
  return { loadedAt: Date.now(), current, jwks: { keys: published.map((key) => key.publicJwk) } };
}

/** Every key still in its publish window, newest first, each saying whether it signs now. */
async function readPublishedKeys(database: Database): Promise<PublishedKey[]> {
  const now = new Date();
  const rows = await database.prisma.signingKey.findMany({
    where: { OR: [{ publishUntil: null }, { publishUntil: { gt: now } }] },
    orderBy: [{ activeFrom: "desc" }, { createdAt: "desc" }],
    select: { id: true, alg: true, publicJwk: true, privateJwkEncrypted: true, activeFrom: true, retiredAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    alg: row.alg as SigningAlgorithm,
    publicJwk: row.publicJwk as JWK,
    privateJwkEncrypted: row.privateJwkEncrypted,
    signing: row.activeFrom <= now && (row.retiredAt === null || row.retiredAt > now),
  }));
}

async function keys(database: Database): Promise<KeyCache> {
  if (cache && Date.now() - cache.loadedAt < CACHE_MS) return cache;
  loading ??= load(database).finally(() => {
    loading = undefined;
  });
  cache = await loading;
  return cache;
}

export async function currentSigningKey(database: Database, alg: SigningAlgorithm): Promise<SigningKey> {
  const key = (await keys(database)).current.get(alg);
  if (!key) throw new Error(`no current ${alg} signing key`);
  return key;
}

/** The public keys to publish: every current key and every retired one still within its publish window. */
export async function publishedJwks(database: Database): Promise<{ keys: JWK[] }> {
  return (await keys(database)).jwks;
}

/**
 * Checks at start-up that this instance can open the signing keys: a changed APP_SECRET would otherwise
 * surface as a failing token endpoint. Creates the first keys on an empty database.
 */
export async function checkSigningKeys(database: Database): Promise<void> {
  await ensureSigningKeys(database);
  try {
    await keys(database);
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
