import { SignJWT, exportJWK, type JWK } from "jose";

/**
 * The lobby tablet's own key (docs/decisions/0023, "The kiosk page"): an ECDSA P-256 key pair made by the
 * browser's WebCrypto with `extractable: false`, so its private half can sign but can never be read out by
 * any script, this page's included, nor copied with the cookies. It is kept in the browser's IndexedDB (a
 * CryptoKey is stored as itself, still not extractable) and made once per tablet. Enrolment binds the kiosk
 * cookie to its JWK thumbprint; every call of the page then carries a DPoP proof JWT (RFC 9449 4.2) signed
 * with it, made by `jose` (no JOSE written by hand). Where IndexedDB is unavailable (some private windows)
 * the key lives only as long as the page: the kiosk then has to be set up again after a reload.
 */

const DB_NAME = "church-kiosk";
const STORE = "keys";
const KEY_ID = "kiosk-dpop";

let memoryKey: Promise<CryptoKeyPair> | null = null;

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error ?? new Error("IndexedDB request failed"));
  });
}

async function openStore(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DB_NAME, 1);
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains(STORE)) opening.result.createObjectStore(STORE);
  };
  return request(opening);
}

function isKeyPair(value: unknown): value is CryptoKeyPair {
  return typeof value === "object" && value !== null && (value as CryptoKeyPair).privateKey instanceof CryptoKey && (value as CryptoKeyPair).publicKey instanceof CryptoKey;
}

function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
}

async function storedOrNewKeyPair(): Promise<CryptoKeyPair> {
  let store: IDBDatabase;
  try {
    store = await openStore();
  } catch {
    return newKeyPair();
  }
  try {
    const found: unknown = await request(store.transaction(STORE, "readonly").objectStore(STORE).get(KEY_ID));
    if (isKeyPair(found)) return found;
    const made = await newKeyPair();
    // `add`, not `put`: of two tabs making a key at once, the first one stored wins and both use it.
    try {
      await request(store.transaction(STORE, "readwrite").objectStore(STORE).add(made, KEY_ID));
      return made;
    } catch {
      const winner: unknown = await request(store.transaction(STORE, "readonly").objectStore(STORE).get(KEY_ID));
      return isKeyPair(winner) ? winner : made;
    }
  } finally {
    store.close();
  }
}

/** The tablet's key pair, read (or made) once per page. */
function kioskKeyPair(): Promise<CryptoKeyPair> {
  memoryKey ??= storedOrNewKeyPair().catch((error: unknown) => {
    memoryKey = null;
    throw error;
  });
  return memoryKey;
}

let publicJwk: Promise<JWK> | null = null;

/**
 * A DPoP proof of the tablet's key for one call: `htm` and `htu` (the page's own URL, without query),
 * `iat` by the server's clock as last seen (`clockOffsetMs`), a fresh `jti`. Null when this browser cannot
 * make one (no WebCrypto): the server then refuses the call, and the page says so.
 */
export async function kioskProof(method: string, url: URL, clockOffsetMs: number): Promise<string | null> {
  if (typeof crypto === "undefined" || !crypto.subtle) return null;
  try {
    const keys = await kioskKeyPair();
    publicJwk ??= exportJWK(keys.publicKey).then(({ kty, crv, x, y }) => ({ kty, crv, x, y }));
    return await new SignJWT({ htm: method, htu: `${url.origin}${url.pathname}` })
      .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: await publicJwk })
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor((Date.now() + clockOffsetMs) / 1000))
      .sign(keys.privateKey);
  } catch {
    return null;
  }
}
