/**
 * Whether PostgreSQL refused a value because text cannot hold it: a NUL character (`\u0000`, SQLSTATE
 * 22021 "invalid byte sequence for encoding UTF8: 0x00") or a character the database encoding cannot
 * represent (22P05). Such a value only ever comes from the caller (a client id, a request id, a cookie),
 * so every wrapper answers it as the caller's error (400 in its surface's shape) instead of a 500. Found
 * by the hostile-input proof: `client_id=%00` at the token and introspection endpoints, `request=%00` at
 * the authorization endpoint's resume.
 */
export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { code?: unknown } };
    for (const code of [candidate.code, candidate.originalCode, candidate.meta?.code]) if (code === "22021" || code === "22P05") return true;
    // Prisma's own wording: "Database error. Code: `22P05`. Message: `unsupported Unicode escape sequence`" (a NUL in jsonb).
    if (typeof candidate.message === "string" && /invalid byte sequence for encoding|has no equivalent in encoding|unsupported Unicode escape sequence|Code: `22(021|P05)`/.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
