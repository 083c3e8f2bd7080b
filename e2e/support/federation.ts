/**
 * Federation specs' upstream: a real OpenID Connect provider in the test process
 * (lib/federation/upstream.testing.ts), registered at our server the way an operator does it
 * (scripts/federation-providers.ts, which seals the client secret). Its built-in development login and
 * consent pages are driven over HTTP: any login name signs in, and that name is the `sub` of the ID token.
 *
 * Also: opening the sealed `fed-link` cookie with the test APP_SECRET (JWE dir + A256GCM under an HKDF key,
 * as lib/crypto/secret-box.ts does), to read the link code a browser holds; and link-code fixtures
 * written straight into the database.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { compactDecrypt } from "jose";
import { startTestUpstream, upstreamPerson, type UpstreamPerson } from "../../lib/federation/upstream.testing.ts";
import { sql } from "./database.ts";
import { CookieJar, OAuthBrowser, hiddenInputs } from "./oauth-browser.ts";
import { tokenHash } from "./oauth-tokens.ts";
import { POSTGRES_BASE_URL, TEST_APP_SECRET, TEST_DATABASE_URL } from "./test-env.ts";

export { newUpstreamLogin, upstreamEmail } from "../../lib/federation/upstream.testing.ts";

export const CALLBACK_URL = `${POSTGRES_BASE_URL}/auth/federated/callback`;
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Upstream {
  issuer: string;
  providerId: string;
  displayName: string;
  clientId: string;
  close(): Promise<void>;
}

/** Starts the upstream on a free port and registers it at our server as `providerId` through the operator's script. */
export async function startUpstream(providerId: string, displayName: string): Promise<Upstream> {
  const upstream = await startTestUpstream({ clientId: `church-${providerId}`, redirectUri: CALLBACK_URL });
  await registerProvider({ providerId, displayName, issuer: upstream.issuer, clientId: upstream.clientId, clientSecret: upstream.clientSecret });
  return { issuer: upstream.issuer, providerId, displayName, clientId: upstream.clientId, close: upstream.close };
}

/**
 * `scripts/federation-providers.ts add`, as an operator runs it (the secret through the environment). Run
 * asynchronously: the script fetches the upstream's discovery document, served by this very process.
 */
export async function registerProvider(input: { providerId: string; displayName: string; issuer: string; clientId: string; clientSecret: string }): Promise<void> {
  const args = ["--conditions=react-server", "--import", "tsx", "scripts/federation-providers.ts", "add"];
  args.push("--id", input.providerId, "--name", input.displayName, "--issuer", input.issuer, "--client-id", input.clientId);
  try {
    await promisify(execFile)(process.execPath, args, {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL,
        APP_SECRET: TEST_APP_SECRET,
        BASE_URL: POSTGRES_BASE_URL,
        FEDERATION_CLIENT_SECRET: input.clientSecret,
      },
      timeout: 60_000,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`federation-providers add failed:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
}

export interface FederationTrip {
  /** The page of ours the trip ended on (after our callback and its redirects), or an app's redirect URI it was sent to. */
  landed: URL;
  status: number;
  html: string;
  /** The callback URL the upstream sent the browser to (with code and state). */
  callback: URL | null;
  /** Every request on the way, for failure messages. */
  trail: string[];
}

/**
 * A member's browser across two sites: ours (`ours`, with its cookie jar) and the upstream (`upstream`, a
 * person there with a browser of their own: lib/federation/upstream.testing.ts). Follows redirects from
 * `start` through the upstream's login (as `login`) and consent pages back to our callback, and on until a
 * page of ours answers. `stopAtCallback` stops before our callback runs (to replay it elsewhere); `abort`
 * presses the upstream's "cancel" instead of signing in.
 */
export async function travel(
  start: URL,
  ours: OAuthBrowser,
  upstream: UpstreamPerson,
  options: { login?: string; stopAtCallback?: boolean; abort?: boolean } = {},
): Promise<FederationTrip> {
  const trail: string[] = [];
  let next = start;
  let callback: URL | null = null;
  for (let step = 0; step < 25; step++) {
    if (next.href.startsWith(CALLBACK_URL)) {
      callback = next;
      if (options.stopAtCallback) return { landed: next, status: 0, html: "", callback, trail };
    }
    if (next.origin === upstream.issuer) {
      trail.push(`upstream ${next.href}`);
      next = await upstream(next.href, { login: options.login, abort: options.abort });
      continue;
    }
    // Off to a third site (an app's redirect URI): the trip ends there, unvisited.
    if (!ours.isOwn(next)) return { landed: next, status: 0, html: "", callback, trail };
    const response = await ours.fetch(next);
    trail.push(`${response.status} ${next.href}`);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      next = new URL(location, next);
      continue;
    }
    return { landed: next, status: response.status, html: await response.text(), callback, trail };
  }
  throw new Error(`the federation trip did not end:\n  ${trail.join("\n  ")}`);
}

/** A person at the upstream, with a browser of their own there. */
export const upstreamBrowser = (upstream: Upstream): UpstreamPerson => upstreamPerson(upstream);

/**
 * The form behind "Continue with <name>" (or "Link your <name> account") on a page of ours: its action and
 * fields (hidden inputs plus the pressed button's name and value).
 */
export function federatedForm(html: string, buttonText: string): { action: string; fields: Record<string, string> } {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const body = match[2]!;
    for (const button of body.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
      if (button[2]!.replace(/<!-- -->/g, "").replace(/\s+/g, " ").trim() !== buttonText) continue;
      const name = attribute(button[1]!, "name");
      const value = attribute(button[1]!, "value");
      return { action: attribute(match[1]!, "action")!, fields: { ...hiddenInputs(body), ...(name ? { [name]: value ?? "" } : {}) } };
    }
  }
  throw new Error(`no form with a button "${buttonText}"`);
}

/** The link code a browser holds in its sealed `fed-link` cookie, opened with the test APP_SECRET. */
export async function linkCodeIn(jar: CookieJar): Promise<string> {
  const sealed = jar.get("fed-link");
  if (!sealed) throw new Error("the browser holds no fed-link cookie");
  const key = new Uint8Array(hkdfSync("sha256", TEST_APP_SECRET, "church-identity", "secret-box:federated-link-cookie", 32));
  const { plaintext } = await compactDecrypt(decodeURIComponent(sealed), key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
  const payload = JSON.parse(new TextDecoder().decode(plaintext)) as { code?: unknown };
  if (typeof payload.code !== "string") throw new Error("the fed-link cookie holds no code");
  return payload.code;
}

/** A provider row for API specs that need no upstream: disabled, so no sign-in page offers it. */
export async function ensureFixtureProvider(id = "fixture-idp", displayName = "Fixture ID"): Promise<{ id: string; displayName: string; issuer: string }> {
  const issuer = `https://${id}.example.org`;
  await sql(
    `INSERT INTO federation_provider (id, display_name, issuer, client_id, client_secret_encrypted, enabled)
     VALUES ($1, $2, $3, 'unused', 'never-opened', false) ON CONFLICT (id) DO NOTHING`,
    [id, displayName, issuer],
  );
  return { id, displayName, issuer };
}

/** A live (or, with `secondsLeft` ≤ 0, expired) link code for `userId`, written as the callback writes one. */
export async function insertLinkCode(
  userId: string,
  provider: { id: string; issuer: string },
  options: { subject?: string; email?: string | null; secondsLeft?: number } = {},
): Promise<{ code: string; subject: string }> {
  const code = randomBytes(32).toString("base64url");
  const subject = options.subject ?? `sub-${randomBytes(6).toString("hex")}`;
  await sql(
    `INSERT INTO federated_link_code (code_hash, user_id, provider_id, issuer, subject, email, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [tokenHash(code), userId, provider.id, provider.issuer, subject, options.email === undefined ? `${subject}@upstream.example` : options.email, options.secondsLeft ?? 600],
  );
  return { code, subject };
}

/**
 * `subject` at `upstream` linked to `userId`, written as finalizing a link writes it: for a spec whose member
 * signs in with a second factor, where linking through the pages would spend a code and wait out its window.
 */
export async function insertLinkedIdentity(userId: string, upstream: { providerId: string; issuer: string }, subject: string): Promise<void> {
  await sql(`INSERT INTO federated_identity (user_id, provider_id, issuer, subject) VALUES ($1, $2, $3, $4)`, [userId, upstream.providerId, upstream.issuer, subject]);
}

export interface IdentityRow {
  id: string;
  user_id: string;
  provider_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  linked_at: Date;
  last_used_at: Date | null;
}

export function identitiesOf(userId: string): Promise<IdentityRow[]> {
  return sql<IdentityRow>(`SELECT * FROM federated_identity WHERE user_id = $1 ORDER BY linked_at, id`, [userId]);
}
