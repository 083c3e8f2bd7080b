/**
 * What a client's redirect URI or post-logout redirect URI may be, wherever one is registered (the staff
 * API, `npm run clients:register`, the seed): an absolute https URL, or http on the loopback interface
 * (127.0.0.1, [::1] or localhost) for apps on the member's own device (RFC 8252 7.3, 8.3). Never a
 * fragment (RFC 6749 3.1.2), never a user name or password (`https://church.example@evil.example/` reads as
 * the church's but goes elsewhere), no wildcards (the match is exact), no whitespace or control
 * characters. Pure, so the admin schemas, the CLI and unit tests share it (decision 0006, Redirect URIs).
 */

export const MAX_REDIRECT_URI_LENGTH = 2000;

/** Hosts whose http URLs never leave the member's device. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export const REDIRECT_URI_PROBLEMS = {
  not_url: "must be an absolute URL",
  too_long: `must be at most ${MAX_REDIRECT_URI_LENGTH} characters`,
  scheme: "must use https (http only on this device: 127.0.0.1, [::1] or localhost)",
  fragment: "must not contain a fragment",
  userinfo: "must not contain a user name or password",
} as const;

export type RedirectUriProblem = keyof typeof REDIRECT_URI_PROBLEMS;

export interface RedirectUriOptions {
  /**
   * An origin allowed over http too: this server's own (BASE_URL), so the portal's own client can be
   * registered on a development or demo address. Never offered to third-party registration.
   */
  ownOrigin?: string;
}

/** Why `uri` cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string, options: RedirectUriOptions = {}): RedirectUriProblem | null {
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return "too_long";
  // Whitespace, control characters and backslashes: the URL parser drops, encodes or turns them into "/",
  // so the string registered would not be the address the browser goes to.
  if (/[\s\u0000-\u001f\u007f\\]/.test(uri)) return "not_url";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "not_url";
  }
  if (uri.includes("#")) return "fragment";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "scheme";
  // "https:///cb" parses as https://cb/: the authority must be written where the reader expects it.
  if (!url.hostname || !/^https?:\/\/[^/?#]/i.test(uri)) return "not_url";
  if (url.username || url.password || /^[a-z]+:\/\/[^/?]*@/i.test(uri)) return "userinfo";
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname) && url.origin !== options.ownOrigin) return "scheme";
  return null;
}

/** The sentence for a problem, as the surfaces show it after the field's name. */
export function redirectUriProblemMessage(problem: RedirectUriProblem): string {
  return REDIRECT_URI_PROBLEMS[problem];
}
