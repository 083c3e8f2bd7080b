/** The token of an `Authorization: Bearer <token>` header (RFC 6750 2.1), or null when absent or malformed. */
export function bearerToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match ? match[1]! : null;
}
