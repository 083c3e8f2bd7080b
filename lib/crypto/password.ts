import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing: argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1), computed
 * on libuv's thread pool by the native binding, so a sign-in never blocks the event loop.
 * The algorithm is the binding's default (argon2id); its `Algorithm` const enum breaks isolatedModules.
 */
const OWASP_ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
