import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing: argon2id at one of OWASP's equivalent recommended settings (Password Storage Cheat
 * Sheet: m = 9 MiB, t = 4, p = 1, listed as equal in strength to m = 19 MiB, t = 2), computed on libuv's
 * thread pool by the native binding, so a sign-in never blocks the event loop. Of OWASP's settings it is
 * among the cheapest in CPU here (13.9 ms per hash against 18.7 ms for 19 MiB/t=2, bench notes in
 * decision 0008), which is what sign-ins per core are made of.
 * The algorithm is the binding's default (argon2id); its `Algorithm` const enum breaks isolatedModules.
 */
const OWASP_ARGON2ID = { memoryCost: 9_216, timeCost: 4, parallelism: 1 } as const;
const CURRENT_PARAMETERS = `m=${OWASP_ARGON2ID.memoryCost},t=${OWASP_ARGON2ID.timeCost},p=${OWASP_ARGON2ID.parallelism}`;

/** True for a hash made with other parameters (or another algorithm): rehash it at the next sign-in. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith("$argon2id$v=19$" + CURRENT_PARAMETERS + "$");
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when there is no account (or no password), so response
 * time does not tell an attacker which emails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password that never matches anything");
  await verifyPassword(await dummyHash, password);
  return false;
}
