import "server-only";
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { env } from "../env.ts";

/**
 * The small crypto helpers every identity module shares: random tokens and codes, their stored hashes,
 * constant-time comparison, and per-purpose keys derived from APP_SECRET (so one leaked purpose key
 * reveals nothing about another).
 */

/** A random, URL-safe token with `bytes` bytes of entropy (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * `bytes` random bytes in RFC 4648 base32 (capitals A-Z and digits 2-7, no padding): for codes a barcode
 * scanner types into a field (few kinds of keystroke, no look-alike 0/1/8/9, readable back in capitals so a
 * scanner left in Caps Lock still works).
 */
export function randomBase32(bytes: number): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of randomBytes(bytes)) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function randomSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * SHA-256 of a high-entropy token, as stored in the database. A fast hash is right here: the tokens are
 * random (≥128 bits), so there is nothing to brute-force; passwords use argon2id instead.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself when lengths differ so the time does not depend on the first mismatch.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

const derivedKeys = new Map<string, Buffer>();

/** A 256-bit key for one purpose, derived from APP_SECRET with HKDF-SHA-256. */
export function derivedKey(purpose: string): Buffer {
  let key = derivedKeys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", env().APP_SECRET, "church-identity", purpose, 32));
    derivedKeys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA-256 of a value with a purpose key, base64url: for short codes, where a plain hash could be brute-forced offline. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", derivedKey(purpose)).update(value).digest("base64url");
}
