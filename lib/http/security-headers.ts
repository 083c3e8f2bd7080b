/**
 * The security headers of every answer (docs/decisions/0015-system-routes-and-hardening.md). Pure: read by
 * next.config.ts (static headers), proxy.ts (each page's nonce-based policy) and server/main.ts (defaults for
 * every answer of `npm start`, the fast paths included).
 *
 * - Pages get a Content-Security-Policy with a fresh nonce per request: Next puts it on its own inline and
 *   external scripts, 'strict-dynamic' lets those load the rest, and nothing else runs. Styles are
 *   stylesheets of our own origin only: the rendered HTML has no style attribute and no <style> element
 *   (React sets dynamic styles through the CSSOM, which CSP does not govern).
 * - Everything else (JSON, iCalendar, redirects) gets a policy that allows nothing at all.
 * - No page is meant to be framed: frame-ancestors 'none' everywhere, with X-Frame-Options for old browsers.
 *   The one exception is the calendar widget's iframe page, EMBED_FRAME_PATH (docs/decisions/0028), which
 *   any church website may frame: frame-ancestors *, and no X-Frame-Options.
 * - Pages frame nothing but the email previews (EMAIL_PREVIEW_PATH), our own sandboxed answers.
 */

/** Answers that are not pages: nothing may load, nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The calendar widget's iframe page (docs/decisions/0028-calendar-widget.md): the one address any site may frame. */
export const EMBED_FRAME_PATH = "/embed/calendar";
/** Its only inline style, allowed by its hash (the widget styles itself with constructed stylesheets). */
export const EMBED_FRAME_STYLE = "html,body{margin:0;padding:0;background:transparent}";
/** base64 SHA-256 of EMBED_FRAME_STYLE (security-headers.test.ts recomputes it). */
export const EMBED_FRAME_STYLE_HASH = "Lbe+aHjKpd+dGuEZqpj6mGAnAliCxPstrIlnpHLb3m8=";
/** Its own script and feed only; framed by anyone (browsers ignore X-Frame-Options beside frame-ancestors). */
export const EMBED_FRAME_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  `style-src 'sha256-${EMBED_FRAME_STYLE_HASH}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors *",
].join("; ");

/**
 * The staff page's and the development outbox's previews of the church's emails (issue 39, part 4;
 * app/(member-pages)/admin/emails/preview/). An email is styled inline (email clients take nothing else),
 * which the pages' policy forbids, and a sandboxed `srcdoc` frame would inherit the framing page's policy, so
 * each preview is an answer of its own under this policy: inline styles and images of our origin, nothing
 * else, no script at all (`sandbox`), framed by our own pages only. Every page may frame it and nothing else
 * (frame-src): a page keeps the policy of the document first loaded when the app navigates within itself, so
 * only a rule for every page lets /admin/emails show its previews however it was reached, and framing our own
 * sandboxed answer is nothing an injected frame could abuse.
 */
export const EMAIL_PREVIEW_PATH = "/admin/emails/preview/";

export function emailPreviewContentSecurityPolicy(baseUrl: string): string {
  const images = ["data:", origin(baseUrl)].filter((source): source is string => source !== null);
  return ["default-src 'none'", `img-src ${images.join(" ")}`, "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'self'", "sandbox"].join("; ");
}

/** On every answer, page or not. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  // Not no-referrer, even on the sign-in pages: with it, browsers send `Origin: null` on form posts,
  // which the CSRF check (lib/http/csrf.ts) rightly refuses. Cross-origin requests get the origin only.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};

/** Two years, subdomains of this host included; not preloaded (that is the church's own decision). */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** HSTS is sent only when the public origin is https and not in development (browsers ignore it over http). */
export function wantsHsts(baseUrl: string, nodeEnv: string | undefined): boolean {
  return baseUrl.startsWith("https://") && nodeEnv !== "development";
}

/** 128 random bits, base64: what CSP calls a nonce and Next's parser accepts. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The pages of the authorization server, whose forms end in a redirect to a client's own address. */
const AUTHORIZATION_PAGES = ["/sign-in", "/consent", "/register", "/forgot-password", "/sign-out", "/signed-out"];

/** The account page whose "Link your <provider> account" form redirects to the external provider. */
const FEDERATED_LINK_PAGE = "/account/security";

export function isAuthorizationPage(pathname: string): boolean {
  return AUTHORIZATION_PAGES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export interface PagePolicyOptions {
  nonce: string;
  /** The public origin (BASE_URL). */
  baseUrl: string;
  /** Where event artwork lives (ASSET_URL), when a CDN serves it. */
  assetUrl: string;
  /** `next dev` needs eval (React's dev tools) and inline styles (its error overlay). */
  development: boolean;
  /** The request's path: the authorization-server pages may post forms that redirect to a client. */
  pathname: string;
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  if (options.pathname.startsWith(EMAIL_PREVIEW_PATH)) return emailPreviewContentSecurityPolicy(options.baseUrl);
  const https = options.baseUrl.startsWith("https://");
  const images = new Set(["'self'", "data:"]);
  for (const url of [options.assetUrl, options.baseUrl]) {
    const value = origin(url);
    if (value) images.add(value);
  }
  // Chrome checks form-action on every redirect after a form post too: the sign-in, consent and sign-out
  // forms end at a registered client's redirect URI, wherever that is, and "Continue with" and "Link your
  // account" (sign-in and the security page) at an external provider. Elsewhere forms stay on this origin.
  const postsOffSite = isAuthorizationPage(options.pathname) || options.pathname === FEDERATED_LINK_PAGE;
  const formAction = postsOffSite ? `'self' https:${https ? "" : " http:"}` : "'self'";
  const baseOrigin = origin(options.baseUrl);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self'${options.development ? " 'unsafe-inline'" : ""}`,
    `img-src ${[...images].join(" ")}`,
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    `frame-src ${baseOrigin ? `${baseOrigin}${EMAIL_PREVIEW_PATH}` : "'none'"}`,
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
