import "server-only";
import { CompactEncrypt, compactDecrypt } from "jose";
import { derivedKey } from "./tokens.ts";

/**
 * Encryption at rest for secrets the database must keep readable (signing keys, TOTP secrets): a compact
 * JWE (`dir`, A256GCM) under a key derived from APP_SECRET for that purpose. Authenticated, so a row
 * changed in the database fails to decrypt instead of yielding a wrong secret.
 */
export async function sealSecret(purpose: string, plaintext: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", cty: purpose })
    .encrypt(derivedKey(`secret-box:${purpose}`));
}

export async function openSecret(purpose: string, sealed: string): Promise<string> {
  const { plaintext } = await compactDecrypt(sealed, derivedKey(`secret-box:${purpose}`), {
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  return new TextDecoder().decode(plaintext);
}
