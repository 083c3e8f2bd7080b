import { calendarErrorAnswer } from "./errors/calendar-error-answer.ts";
import { identityErrorAnswer } from "./errors/identity-error-answer.ts";
import { pageErrorAnswer } from "./errors/page-error-answer.ts";
import type { PlainResponse } from "./plain-response.ts";
import { OAUTH_ENDPOINTS } from "../oauth/oauth-endpoints.ts";

/** The OAuth endpoints that answer JSON, by their definitions; the others under /oauth are a browser's. */
const JSON_OAUTH_PATHS = new Set(OAUTH_ENDPOINTS.filter((endpoint) => endpoint.answers === "json").map((endpoint) => endpoint.path));

/**
 * Request targets Next.js cannot route: raw bytes outside printable ASCII (a browser always percent-encodes
 * them) or a path whose percent-escapes do not decode as UTF-8 (`/consents/me/%ED%A0%80`). Next answers the
 * first with an empty 400 and the second with a plain-text 500 before any route runs (found by the
 * hostile-input proof). `npm start`'s server (server/main.ts) answers them here instead: 400 in the shape
 * of the surface the path belongs to.
 */
export function isMalformedTarget(target: string): boolean {
  if (/[^\x21-\x7e]/.test(target)) return true;
  const path = target.split("?")[0] ?? "";
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export type TransportProblem = "malformed_target" | "headers_too_large" | "malformed_request";

const WORDS: Record<TransportProblem, { description: string; page: string }> = {
  malformed_target: { description: "the request URL is malformed (percent-encode it as UTF-8)", page: "The address of this page is malformed. Check the link and try again." },
  headers_too_large: { description: "the request headers are too large", page: "Your browser sent more data than we accept. Clearing this site’s cookies usually helps." },
  malformed_request: { description: "the request is not valid HTTP", page: "Your browser sent a request we could not read. Try again." },
};

/**
 * A 400 in the shape of the surface `target` belongs to, for a request refused before any route ran:
 * a malformed target (above), or one Node's HTTP parser refused (server/main.ts `clientError`).
 */
export function transportRefusal(target: string, problem: TransportProblem): PlainResponse {
  const path = routedPath(target.split("?")[0] ?? "");
  const { description, page } = WORDS[problem];
  if (path.startsWith("/api/calendar")) {
    return calendarErrorAnswer(400, problem === "malformed_target" ? "the request URL is malformed" : description);
  }
  if (/^\/(api|auth|portal\/api|oauth\/federated\/link\/finalize|\.well-known)(\/|$)/.test(path) || JSON_OAUTH_PATHS.has(path)) {
    // The identity, forms and OAuth JSON shapes agree here: `{ error: "invalid_request", error_description }`.
    // /oauth/federated/link/finalize is a self-service route in the identity shape (interface.md 4.2), not a page.
    return identityErrorAnswer("invalid_request", description, 400);
  }
  return pageErrorAnswer(400, "Bad request", page);
}

/**
 * The path as a router resolves it (`/api/calendar/%2e%2e/v1` is under /api/v1), to pick the right shape:
 * RFC 3986 5.2.4 by hand, since Node 20's URL parser leaves `..` after a segment that starts with a dot.
 */
function routedPath(path: string): string {
  const kept: string[] = [];
  for (const segment of path.replace(/%2e/gi, ".").replace(/\\/g, "/").split("/").slice(1)) {
    if (segment === "..") kept.pop();
    else if (segment !== "." && segment !== "") kept.push(segment);
  }
  return `/${kept.join("/")}`;
}

/** The 400 for a malformed target, in its surface's shape; null when the target is fine. */
export function malformedTargetAnswer(target: string): PlainResponse | null {
  return isMalformedTarget(target) ? transportRefusal(target, "malformed_target") : null;
}

/** How far back a request line is looked for before its " HTTP/1.x": Node's whole header limit is 16 KiB. */
const REQUEST_LINE_LOOKBACK = 8192;
/** The most a connection keeps between reads: the lookback and the " HTTP/1.x" after it. */
const MAX_CARRIED_BYTES = REQUEST_LINE_LOOKBACK + 16;

/**
 * The target of the last request line in bytes read from a connection, wherever it starts: on a keep-alive
 * connection a read may begin with the tail of the previous request's body (a body the server answered
 * before reading it whole, say) or hold a whole earlier request before the one that matters. Null when the
 * bytes hold no whole request line (a body, headers continued, or a line whose start is not in `bytes`:
 * "/me HTTP/1.1" may be the end of "DELETE /api/v1/families/me").
 */
export function requestTargetIn(bytes: Buffer): string | null {
  const at = bytes.lastIndexOf(" HTTP/1.");
  if (at <= 0) return null;
  const before = bytes.subarray(Math.max(0, at - REQUEST_LINE_LOOKBACK), at).toString("latin1");
  const space = before.lastIndexOf(" ");
  if (space < 0) return null;
  const target = before.slice(space + 1);
  return target.startsWith("/") ? target : null;
}

/**
 * Follows one connection's reads and remembers the target of the last whole request line among them, for a
 * refusal by Node's parser (server/main.ts `clientError`), whose error carries only the read it failed in.
 * A request line may be split between two reads (after a large body, a read ends wherever the socket's
 * buffer did; found by the hostile-input proof: "DELETE /api/v1/fam" and "ilies/me HTTP/1.1" gave the HTML
 * page of the request before), so when a read holds no whole line, it is read again with the end of the one before.
 */
export class ConnectionRequestTargets {
  private carried: Buffer = Buffer.alloc(0);
  last: string | null = null;

  read(chunk: Buffer): void {
    const found = requestTargetIn(chunk) ?? (markerEndsIn(this.carried, chunk) ? requestTargetIn(Buffer.concat([this.carried, chunk.subarray(0, MAX_CARRIED_BYTES)])) : null);
    if (found) this.last = found;
    // What an unfinished request line may have begun with: the bytes after the last line feed (a request
    // line holds none), at most the lookback. A whole request leaves nothing, so an idle connection keeps
    // nothing. Copied: a view would keep a whole read's memory alive as long as the connection.
    const recent = chunk.length >= MAX_CARRIED_BYTES || this.carried.length === 0 ? chunk : Buffer.concat([this.carried, chunk]);
    const from = Math.max(recent.lastIndexOf(0x0a) + 1, recent.length - MAX_CARRIED_BYTES);
    this.carried = from >= recent.length ? NOTHING : Buffer.from(recent.subarray(from));
  }

  /** How many bytes the connection keeps between reads (for the tests). */
  get carriedBytes(): number {
    return this.carried.length;
  }
}

const NOTHING = Buffer.alloc(0);

const MARKER = Buffer.from(" HTTP/1.", "latin1");

/**
 * Whether a request line's " HTTP/1." ends in `chunk` (whole, or begun at the end of `carried`): only then
 * can a line begun in earlier reads be whole now. Checked first so that a body arriving in small reads costs
 * no search of the reads before it.
 */
function markerEndsIn(carried: Buffer, chunk: Buffer): boolean {
  if (chunk.includes(MARKER)) return true;
  for (let inChunk = 1; inChunk < MARKER.length && inChunk <= chunk.length; inChunk++) {
    const inCarried = MARKER.length - inChunk;
    if (carried.length < inCarried) continue;
    if (chunk.subarray(0, inChunk).equals(MARKER.subarray(inCarried)) && carried.subarray(carried.length - inCarried).equals(MARKER.subarray(0, inCarried))) return true;
  }
  return false;
}

/** The request target of a raw HTTP request, as far as it arrived ("/" when unreadable). */
export function targetOfRawRequest(raw: Buffer | undefined): string {
  if (!raw) return "/";
  const found = requestTargetIn(raw);
  if (found) return found;
  // No " HTTP/1.x" (a request line cut short, or not HTTP/1): the target of a first line that starts like a
  // request line. A read that starts inside headers or a body is not one.
  const line = raw.subarray(0, 8192).toString("latin1").split("\r\n")[0] ?? "";
  return /^[A-Z]+ (\/\S*)/.exec(line)?.[1] ?? "/";
}
