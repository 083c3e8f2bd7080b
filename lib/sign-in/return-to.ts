/**
 * Open-redirect guard for `return_to` and `continue`: only a path on this site, starting with exactly one
 * "/" (not "//evil.example" or "/\evil.example", which browsers treat as another host), without control
 * characters. Pure, so it is unit-tested and usable on pages.
 */
export function safeRelativePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // Resolve against a placeholder origin: whatever the path does, it must stay on that origin.
  const base = "http://same-origin.invalid";
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
