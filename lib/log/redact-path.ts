/**
 * Paths whose URL carries a credential, written as templates: `{secret}` is a path segment that is a secret
 * (an extension after it, such as `.ics`, is kept so the line still says what was asked for). Every log line's
 * `path` and `route` go through redactPath (json-log.ts), so a route that puts a token in its URL joins by
 * adding its template here; its test in redact-path.test.ts says which paths it must cover.
 *
 * Query strings never reach a log line at all (the access log and the error lines log the path alone), so a
 * `?code=` or `?access_token=` needs no entry.
 */
export const SECRET_PATH_TEMPLATES: readonly string[] = [
  // The private schedule feed (docs/decisions/0025): the 256-bit token is the member's credential.
  "/api/calendar/mine/{secret}",
];

export const REDACTED = "[redacted]";

interface SecretPath {
  /** The segments before the secret one, lower-cased. */
  before: string[];
}

const SECRET_PATHS: readonly SecretPath[] = SECRET_PATH_TEMPLATES.map((template) => {
  const segments = template.split("/").filter(Boolean).map((segment) => segment.toLowerCase());
  const at = segments.indexOf("{secret}");
  if (at < 0 || segments.indexOf("{secret}", at + 1) >= 0) throw new Error(`a secret path template needs one {secret} segment: ${template}`);
  return { before: segments.slice(0, at) };
});

/** A segment as a router would read it: percent-decoded where that is well-formed, compared without case. */
function readable(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The secret segment's stand-in: `[redacted]`, with the extension it ended in (`.ics`) when it had a short one. */
function standIn(segment: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(readable(segment))?.[0];
  return extension ? `${REDACTED}${extension}` : REDACTED;
}

/**
 * The path with the secret segment of every matching template replaced: `/api/calendar/mine/abc….ics` is
 * `/api/calendar/mine/[redacted].ics`. A path is matched as loosely as any router might take it (repeated
 * slashes, any case, percent-encoded letters), and everything after a secret segment goes too, since a
 * mistyped route could have moved the secret along; anything else is answered unchanged.
 */
export function redactPath(path: string): string {
  if (!path.startsWith("/")) return path;
  const raw = path.split("/").filter(Boolean);
  const segments = raw.map(readable);
  for (const secret of SECRET_PATHS) {
    if (segments.length <= secret.before.length) continue;
    if (!secret.before.every((segment, index) => segments[index] === segment)) continue;
    const at = secret.before.length;
    return `/${[...raw.slice(0, at), standIn(raw[at]!), ...(raw.length > at + 1 ? [REDACTED] : [])].join("/")}`;
  }
  return path;
}
