/**
 * Soak (issue 39, part 5): an hour-scale mixed load at a steady rate on both databases, with the server's
 * resident memory read every minute. The production server (`.next-server/main.mjs`, as every proof starts
 * it: support/servers.ts) runs on a fresh PostgreSQL database, then on a fresh embedded (PGlite) folder,
 * each migrated and seeded as the other proofs' are (the demo calendar, accounts and clients), plus this
 * proof's own rows: a campus with a lobby kiosk client, and households of a parent (who signs in with the demo
 * password) and a child. Over HTTP at the start: the administrator's tokens (with the second factor), an
 * event open for check-in at the campus and one open for sign-up (3 places and a waitlist), the kiosk enrolled
 * by the demo volunteer through the device grant, the parents' portal tokens and the demo app's token chains.
 *
 * Then an open-loop mix at a fixed rate (--rate requests/s, default 20): each kind of operation is started on
 * its own fixed schedule whether or not earlier ones have answered, so a slower server meets the same load:
 *   feed           GET /api/calendar/events/upcoming (limit 10, 20 or 50)
 *   feed-next-page the first page, then the page after its cursor
 *   feed-filter    the feed by type, by campus, by type + campus + audience (values from the seeded events)
 *   feed-304       the first page again with If-None-Match: its ETag (304, or 200 once the calendar changed)
 *   event          GET /api/calendar/events/{id}
 *   refresh        POST /oauth/token refresh_token, the demo app's rotating chains (one refresh per chain at a time)
 *   sign-in        the demo app's authorization code flow with PKCE through our pages (support/tokens.ts), then
 *                  the code exchange; the new tokens replace a chain, whose old refresh token is revoked
 *   check-in       a parent's member code (GET /api/v1/users/me/check-in-code), the kiosk's scan, check-in of
 *                  the child, check-out with the pickup tag, and staff's undo (so the child may come again)
 *   registration   the event's sign-up for the household, the parent and child signed up (a place or the
 *                  waitlist), both cancelled (the waitlist moves up)
 * Portal and kiosk access tokens are refreshed when they are 5 minutes old (they live 10). Every HTTP request's
 * status and time (to its last byte) are recorded; an operation that meets an unexpected status, a network
 * error or a time-out is an error. Every minute (--minute-seconds for a shortened run) one line: the minute,
 * the server's resident memory (VmRSS of the process this proof spawned, from /proc/<pid>/status), requests,
 * errors, p50 and p99.
 *
 * The judgement, per database: no error (and the server alive, its log without an unexpected error); the
 * resident memory's median over the last ~20% of minutes at most max(10%, 64 MB) above its median over the
 * warm-up (the first ~20%); the p99 of the last ~20% of minutes at most twice the p99 of as many minutes
 * right after the warm-up. Not judged but printed: the memory's trend after the warm-up (least squares, MB per
 * minute), what an hour would add at that pace. An operation not started because 200 are still in flight, or
 * not answered a minute after the load ended, is an error too. The per-minute table, each operation's and each
 * endpoint's figures and the first failures go to test-results/soak-<database>.json.
 *
 *   npm run proof:soak -- --minutes 60                       the full run (an hour per database)
 *   npm run proof:soak -- --minutes 5 --databases postgres   a look
 *   npm run proofs                                           a shortened form: 3 "minutes" of 20 s per database
 * Flags: --minutes N (60)  --minute-seconds S (60)  --rate R (20 requests/s)  --databases postgres,embedded
 *        --port P (PROOFS_PORT + 2, beside the other proofs' PROOFS_PORT and + 1; run.ts gives it PROOFS_PORT)
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS } from "../../lib/demo/seed-identity.ts";
import { portIsFree } from "../test-ports.ts";
import { unexpectedErrors } from "./fuzz.ts";
import { ADMIN_DATABASE_URL, PROOFS_APP_SECRET, PROOFS_DATABASE_URL, PROOFS_PORT, siblingDatabase } from "./support/config.ts";
import { Database } from "./support/db-state.ts";
import { openSeededEmbeddedDatabase, runInChildProcess } from "./support/embedded-database.ts";
import { Tally } from "./support/report.ts";
import { cleanUpNow, prepareDatabase, sleep, startServer, type ProofServer } from "./support/servers.ts";
import { basicAuth, DEMO_CLIENT, kioskTokens, portalClient, portalTokens, signInForTokens, type Tokens } from "./support/tokens.ts";

export type SoakDatabase = "postgres" | "embedded";

export interface SoakOptions {
  minutes: number;
  minuteSeconds: number;
  /** HTTP requests per second, all kinds together (approximate: a sign-in is several). */
  rate: number;
  databases: SoakDatabase[];
  port: number;
}

/** The share of the run that is warm-up, and the share at its end compared with it. */
const WARM_UP_SHARE = 0.2;
const RSS_GROWTH_SHARE = 0.1;
const RSS_GROWTH_FLOOR_MB = 64;
const P99_FACTOR = 2;
/** Operations in flight beyond which a new one is not started but counted as an error (the server is not keeping up). */
const MAX_IN_FLIGHT = 200;
const REQUEST_TIMEOUT_MS = 15_000;
/** Portal and kiosk access tokens live 10 minutes (lib/oauth/config.ts): refreshed once they are this old. */
const REFRESH_AFTER_MS = 5 * 60_000;
const HOUSEHOLDS = 3;
const APP_CHAINS = 4;
const CAMPUS_ID = "cmp_soak";
const KIOSK_CLIENT_ID = "soak-kiosk";
const PARENT_EMAIL = (index: number) => `soak-parent-${index}@example.org`;
/** The embedded folder, by port: two runs side by side (npm test picks a block of ports per run) never share one. */
const embeddedDir = (port: number) => path.join(".data", `proofs-soak-embedded-${port}`);

type OpName = "feed" | "feed-next-page" | "feed-filter" | "feed-304" | "event" | "refresh" | "sign-in" | "check-in" | "registration";

/** The mix: operations per second and HTTP requests per operation, scaled together to --rate. */
const MIX: { op: OpName; perSecond: number; requests: number }[] = [
  { op: "feed", perSecond: 4, requests: 1 },
  { op: "feed-next-page", perSecond: 1.5, requests: 2 },
  { op: "feed-filter", perSecond: 2, requests: 1 },
  { op: "feed-304", perSecond: 1, requests: 1 },
  { op: "event", perSecond: 1, requests: 1 },
  { op: "refresh", perSecond: 2.5, requests: 1 },
  { op: "sign-in", perSecond: 0.25, requests: 6 },
  { op: "check-in", perSecond: 0.4, requests: 5 },
  { op: "registration", perSecond: 0.5, requests: 4 },
];
const MIX_REQUESTS_PER_SECOND = MIX.reduce((sum, kind) => sum + kind.perSecond * kind.requests, 0);

// ---------------------------------------------------------------------------------------------------------
// Every request of an operation, timed: fetch is wrapped while the load runs (the shared helpers, such as the
// sign-in walk of support/tokens.ts, call the global fetch). Outside an operation it is left alone.

interface RequestSample {
  op: OpName;
  endpoint: string;
  status: number;
  milliseconds: number;
}

const currentOp = new AsyncLocalStorage<{ op: OpName; onSample: (sample: RequestSample) => void }>();
/** Statuses whose answer has no body (a Response with one cannot be made). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** `POST /api/v1/admin/check-ins/{id}/undo`: ids, codes and tokens in a path folded into `{id}`. */
function endpointOf(method: string, url: URL): string {
  const segments = url.pathname.split("/").map((segment) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$|^evt_|^\d+$/i.test(segment) || segment.length > 40 ? "{id}" : segment));
  return `${method} ${segments.join("/")}`;
}

function installTimedFetch(): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const context = currentOp.getStore();
    if (!context) return realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : input);
    const endpoint = endpointOf((init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase(), url);
    const started = performance.now();
    try {
      const response = await realFetch(input, init);
      // Read to the last byte here, so the time is the whole answer's; the caller gets the same answer.
      const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      context.onSample({ op: context.op, endpoint, status: response.status, milliseconds: performance.now() - started });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      context.onSample({ op: context.op, endpoint, status: 0, milliseconds: performance.now() - started });
      throw error;
    }
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

// ---------------------------------------------------------------------------------------------------------
// The load's state: token chains, households, events, feed addresses.

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

interface TokenClient {
  id: string;
  /** Null for a public client (the kiosk): client_id in the form instead of Basic. */
  secret: string | null;
}

/** A sign-in's rotating refresh token and its latest access token; one refresh at a time (a second would be a reuse). */
class Chain {
  readonly mutex = new Mutex();
  issuedAt = Date.now();

  constructor(
    readonly name: string,
    readonly client: TokenClient,
    public refreshToken: string,
    public accessToken: string,
  ) {}

  replace(tokens: Tokens): void {
    if (!tokens.refresh_token) throw new Error(`${this.name}: the tokens carry no refresh token`);
    this.refreshToken = tokens.refresh_token;
    this.accessToken = tokens.access_token;
    this.issuedAt = Date.now();
  }
}

interface Household {
  email: string;
  chain: Chain;
  adultId: string;
  childId: string;
  checkIn: Mutex;
  registration: Mutex;
}

interface LoadState {
  baseUrl: string;
  admin: Chain;
  kiosk: Chain;
  appChains: Chain[];
  households: Household[];
  signInEmails: string[];
  checkInEventId: string;
  signUpEventId: string;
  eventIds: string[];
  filterPaths: string[];
  etag: string | null;
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function call(baseUrl: string, method: string, pathAndQuery: string, options: { token?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The answer's JSON when its status is one of `expected`; otherwise an error naming the request and the answer. */
function expectStatus<T>(answer: Answer, expected: number[], what: string): T {
  if (!expected.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (answer.text === "") return undefined as T;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new Error(`${what} answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`);
  }
}

async function refreshChain(baseUrl: string, chain: Chain): Promise<void> {
  const form: Record<string, string> = { grant_type: "refresh_token", refresh_token: chain.refreshToken };
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (chain.client.secret === null) form.client_id = chain.client.id;
  else headers.authorization = basicAuth(chain.client.id, chain.client.secret);
  const response = await fetch(`${baseUrl}/oauth/token`, { method: "POST", headers, body: new URLSearchParams(form).toString(), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const answer = { status: response.status, text: await response.text(), headers: response.headers };
  const tokens = expectStatus<Tokens>(answer, [200], `refresh of ${chain.name}`);
  chain.replace({ ...tokens, refresh_token: tokens.refresh_token ?? chain.refreshToken });
}

/** The chain's access token, refreshed first when it is 5 minutes old. */
function accessOf(baseUrl: string, chain: Chain): Promise<string> {
  if (Date.now() - chain.issuedAt < REFRESH_AFTER_MS) return Promise.resolve(chain.accessToken);
  return chain.mutex.run(async () => {
    if (Date.now() - chain.issuedAt >= REFRESH_AFTER_MS) await refreshChain(baseUrl, chain);
    return chain.accessToken;
  });
}

function chainOf(name: string, client: TokenClient, tokens: Tokens): Chain {
  if (!tokens.refresh_token) throw new Error(`${name}: the sign-in gave no refresh token`);
  return new Chain(name, client, tokens.refresh_token, tokens.access_token);
}

// ---------------------------------------------------------------------------------------------------------
// What the load needs, made before it starts

type SqlRunner = (text: string, params?: readonly unknown[]) => Promise<unknown[]>;

/**
 * The proof's own rows, in plain SQL before its server starts (on the embedded database nothing else may open
 * the folder while the server runs): a campus and its lobby kiosk client, and households of a parent (the demo
 * member's password, the member role) and one child.
 */
async function seedSoakRows(sql: SqlRunner): Promise<void> {
  await sql(`INSERT INTO campus (id, name, timezone) VALUES ($1, 'Soak campus', 'UTC')`, [CAMPUS_ID]);
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party, check_in_campus_id)
     VALUES ($1, 'Soak lobby kiosk', 'public', '{}', '{}', ARRAY['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], ARRAY['openid', 'check-in:kiosk'], true, $2)`,
    [KIOSK_CLIENT_ID, CAMPUS_ID],
  );
  for (let index = 0; index < HOUSEHOLDS; index++) {
    const [parent] = (await sql(
      `WITH p AS (INSERT INTO account (email, email_verified_at, password_hash, given_name, family_name, locale)
                  SELECT $1, now(), password_hash, 'Soak', $2, 'en' FROM account WHERE email = $3 RETURNING id),
            r AS (INSERT INTO user_role (user_id, role_id) SELECT p.id, r.id FROM p, role r WHERE r.name = 'member')
       SELECT id::text AS id FROM p`,
      [PARENT_EMAIL(index), `Parent${index}`, DEMO_ACCOUNTS.member.email],
    )) as { id: string }[];
    const [child] = (await sql(`INSERT INTO account (given_name, family_name, birth_date, locale) VALUES ('Kit', $1, '2019-03-01', 'en') RETURNING id::text AS id`, [`Parent${index}`])) as { id: string }[];
    const [family] = (await sql(`INSERT INTO family (name, code_hash, code_encrypted, code_expires_at) VALUES ($1, $2, 'none', now()) RETURNING id::text AS id`, [`Soak household ${index}`, `soak-${index}`])) as {
      id: string;
    }[];
    if (!parent || !child || !family) throw new Error("the soak's household rows were not written (is the demo member seeded?)");
    await sql(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1::uuid, $2::uuid, 'adult'), ($1::uuid, $3::uuid, 'child')`, [family.id, parent.id, child.id]);
  }
}

/** `tsx scripts/proofs/soak.ts --prepare-embedded <dir> <base url>`: the embedded folder, seeded, with the soak's rows. */
async function prepareEmbeddedHere(dataDir: string, baseUrl: string): Promise<void> {
  const database = await openSeededEmbeddedDatabase({ dataDir, appSecret: PROOFS_APP_SECRET, baseUrl });
  try {
    await seedSoakRows((text, params) => database.query(text, params));
    console.log(`  [soak] embedded database in ${dataDir}: migrated and seeded (${database.summary}), with the soak's campus, kiosk and ${HOUSEHOLDS} households`);
  } finally {
    await database.close();
  }
}

function localDateTime(at: Date): { date: string; time: string } {
  const iso = at.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** An event made and published through the staff API, as the office makes one. */
async function createEvent(baseUrl: string, adminToken: string, body: Record<string, unknown>): Promise<string> {
  const made = expectStatus<{ eventId: string }>(await call(baseUrl, "POST", "/api/v1/admin/events", { token: adminToken, json: body }), [201], `creating the event ${String(body.title)}`);
  expectStatus(await call(baseUrl, "POST", `/api/v1/admin/events/${made.eventId}/publish`, { token: adminToken }), [200], `publishing ${made.eventId}`);
  return made.eventId;
}

/** An event's hours as the staff API takes them, in UTC. */
function utcHours(start: Date, end: Date) {
  return { startDate: localDateTime(start).date, startTime: localDateTime(start).time, endDate: localDateTime(end).date, endTime: localDateTime(end).time, timezone: "UTC" };
}

async function prepareLoad(baseUrl: string, runMinutes: number): Promise<LoadState> {
  const portal = portalClient(baseUrl);
  const portalTokenClient = { id: portal.id, secret: portal.secret };
  const admin = chainOf("admin (portal)", portalTokenClient, await portalTokens(baseUrl, DEMO_ACCOUNTS.admin.email));

  // Open for check-in from now (an hour before it starts) until well after the run: it starts in 50 minutes
  // and lasts as long as the run and 6 more hours. The kiosk's campus; scanned codes (QR) only.
  const start = new Date(Math.ceil((Date.now() + 50 * 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + (runMinutes + 6 * 60) * 60_000);
  const checkInEventId = await createEvent(baseUrl, admin.accessToken, {
    title: "Soak kids church",
    eventType: "SERVICE",
    ...utcHours(start, end),
    campusId: CAMPUS_ID,
    attendanceModes: ["QR_CODE"],
  });
  // Sign-up a week ahead: 3 places and a waitlist, so 3 households of 2 fill it and cancellations promote.
  const later = new Date(Date.now() + 7 * 86_400_000);
  const laterEnd = new Date(later.getTime() + 2 * 3_600_000);
  const signUpEventId = await createEvent(baseUrl, admin.accessToken, {
    title: "Soak supper",
    eventType: "SPECIAL_EVENT",
    ...utcHours(later, laterEnd),
    capacity: 3,
  });
  expectStatus(await call(baseUrl, "PUT", `/api/v1/admin/events/${signUpEventId}/registration`, { token: admin.accessToken, json: { open: true, waitlist: true } }), [200], "opening sign-up");

  // The lobby kiosk, enrolled by the check-in volunteer through the device grant (docs/decisions/0023).
  const kiosk = chainOf("kiosk", { id: KIOSK_CLIENT_ID, secret: null }, await kioskTokens(baseUrl, KIOSK_CLIENT_ID, DEMO_ACCOUNTS.volunteer.email));

  const households: Household[] = [];
  for (let index = 0; index < HOUSEHOLDS; index++) {
    const email = PARENT_EMAIL(index);
    const chain = chainOf(`${email} (portal)`, portalTokenClient, await portalTokens(baseUrl, email));
    const view = expectStatus<{ people: { person_id: string; relation: string }[] }>(
      await call(baseUrl, "GET", `/api/v1/users/me/events/${signUpEventId}/registration`, { token: chain.accessToken }),
      [200],
      `${email}'s view of the sign-up`,
    );
    const adultId = view.people.find((person) => person.relation === "self")?.person_id;
    const childId = view.people.find((person) => person.relation === "child")?.person_id;
    if (!adultId || !childId) throw new Error(`${email}'s household is not as seeded: ${JSON.stringify(view.people)}`);
    households.push({ email, chain, adultId, childId, checkIn: new Mutex(), registration: new Mutex() });
  }

  const signInEmails = [DEMO_ACCOUNTS.member.email, ...households.map((household) => household.email)];
  const appChains: Chain[] = [];
  for (let index = 0; index < APP_CHAINS; index++) {
    appChains.push(chainOf(`demo app chain ${index}`, { id: DEMO_CLIENT.id, secret: DEMO_CLIENT.secret }, await signInForTokens(baseUrl, signInEmails[index % signInEmails.length]!)));
  }

  // Feed addresses from the seeded calendar: event ids, and filters that match some of its events.
  const feed = expectStatus<{ items: { eventId: string; eventType: string; campusId?: string; audience: string[] }[] }>(
    await call(baseUrl, "GET", "/api/calendar/events/upcoming?limit=100"),
    [200],
    "the feed",
  );
  if (feed.items.length < 10) throw new Error(`the seeded feed has only ${feed.items.length} upcoming events`);
  const withCampus = feed.items.filter((item) => item.campusId && item.audience.length > 0);
  const sample = withCampus[0] ?? feed.items[0]!;
  const query = (values: Record<string, string | undefined>) =>
    `/api/calendar/events/upcoming?${new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()}`;
  const filterPaths = [
    query({ type: sample.eventType }),
    query({ campusId: sample.campusId }),
    query({ type: sample.eventType, campusId: sample.campusId, audience: sample.audience[0] }),
    query({ type: feed.items.at(-1)!.eventType, limit: "50" }),
  ];
  return {
    baseUrl,
    admin,
    kiosk,
    appChains,
    households,
    signInEmails,
    checkInEventId,
    signUpEventId,
    eventIds: feed.items.map((item) => item.eventId),
    filterPaths,
    etag: null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The operations

type Operation = (state: LoadState, n: number) => Promise<void>;

const FEED = "/api/calendar/events/upcoming";
const LIMITS = [10, 20, 50];

const OPERATIONS: Record<OpName, Operation> = {
  async feed(state, n) {
    const page = expectStatus<{ items: unknown[] }>(await call(state.baseUrl, "GET", `${FEED}?limit=${LIMITS[n % LIMITS.length]}`), [200], "the feed");
    if (!Array.isArray(page.items) || page.items.length === 0) throw new Error("the feed answered no events");
  },
  async "feed-next-page"(state) {
    const first = await call(state.baseUrl, "GET", `${FEED}?limit=20`);
    const page = expectStatus<{ nextCursor: string | null }>(first, [200], "the feed's first page");
    state.etag = first.headers.get("etag") ?? state.etag;
    if (!page.nextCursor) throw new Error("the feed's first page has no next page");
    expectStatus(await call(state.baseUrl, "GET", `${FEED}?limit=20&cursor=${encodeURIComponent(page.nextCursor)}`), [200], "the feed's next page");
  },
  async "feed-filter"(state, n) {
    const filterPath = state.filterPaths[n % state.filterPaths.length]!;
    expectStatus(await call(state.baseUrl, "GET", filterPath), [200], `the filtered feed ${filterPath}`);
  },
  async "feed-304"(state) {
    const answer = await call(state.baseUrl, "GET", `${FEED}?limit=20`, { headers: state.etag ? { "if-none-match": state.etag } : {} });
    // 304 while the page is unchanged; 200 with the new ETag once the calendar changed (a sign-up, a new minute).
    expectStatus(answer, state.etag ? [304, 200] : [200], "the feed's revalidation");
    state.etag = answer.headers.get("etag") ?? state.etag;
  },
  async event(state, n) {
    const eventId = state.eventIds[n % state.eventIds.length]!;
    expectStatus(await call(state.baseUrl, "GET", `/api/calendar/events/${eventId}`), [200], `the event ${eventId}`);
  },
  async refresh(state, n) {
    const chain = state.appChains[n % state.appChains.length]!;
    await chain.mutex.run(() => refreshChain(state.baseUrl, chain));
  },
  async "sign-in"(state, n) {
    const email = state.signInEmails[n % state.signInEmails.length]!;
    const tokens = await signInForTokens(state.baseUrl, email);
    const chain = state.appChains[n % state.appChains.length]!;
    // The app keeps the new sign-in and lets the old one go (RFC 7009).
    await chain.mutex.run(async () => {
      const old = chain.refreshToken;
      chain.replace(tokens);
      const response = await fetch(`${state.baseUrl}/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(DEMO_CLIENT.id, DEMO_CLIENT.secret) },
        body: new URLSearchParams({ token: old, token_type_hint: "refresh_token" }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      expectStatus({ status: response.status, text: await response.text(), headers: response.headers }, [200], "revoking the replaced refresh token");
    });
  },
  async "check-in"(state, n) {
    const household = state.households[n % state.households.length]!;
    await household.checkIn.run(async () => {
      const { baseUrl } = state;
      const parentToken = await accessOf(baseUrl, household.chain);
      const code = expectStatus<{ code: string }>(await call(baseUrl, "GET", "/api/v1/users/me/check-in-code", { token: parentToken }), [200], "the parent's member code");
      const kioskToken = await accessOf(baseUrl, state.kiosk);
      const scan = expectStatus<{ households: { scanned_id: string; members: { id: string; role: string }[] }[]; presence: string }>(
        await call(baseUrl, "POST", "/api/v1/kiosk/households", { token: kioskToken, json: { member_code: code.code } }),
        [200],
        "the kiosk's scan",
      );
      const scanned = scan.households.find((found) => found.scanned_id === household.adultId);
      if (!scanned?.members.some((member) => member.id === household.childId)) throw new Error(`the scan did not find ${household.email}'s household: ${JSON.stringify(scan).slice(0, 300)}`);
      const made = expectStatus<{ check_ins: { id: string; security_code: string | null }[]; pickup_tag: string | null }>(
        await call(baseUrl, "POST", "/api/v1/kiosk/check-ins", {
          token: kioskToken,
          json: { presence: scan.presence, guardian_id: household.adultId, children: [{ child_id: household.childId, event_id: state.checkInEventId }] },
        }),
        [201],
        "the kiosk's check-in",
      );
      const checkInId = made.check_ins[0]?.id;
      if (!checkInId || !made.pickup_tag || !made.check_ins[0]?.security_code) throw new Error(`the check-in answered no check-in, security code or pickup tag: ${JSON.stringify(made).slice(0, 300)}`);
      let undone = false;
      try {
        expectStatus(await call(baseUrl, "POST", "/api/v1/kiosk/check-outs", { token: kioskToken, json: { pickup_tag: made.pickup_tag, check_in_ids: [checkInId] } }), [200], "the kiosk's check-out");
        const adminToken = await accessOf(baseUrl, state.admin);
        expectStatus(await call(baseUrl, "POST", `/api/v1/admin/check-ins/${checkInId}/undo`, { token: adminToken }), [200], "staff's undo of the check-in");
        undone = true;
      } finally {
        // A cycle cut short leaves the child free for the next one (that request counts too, the error stays).
        if (!undone) await call(baseUrl, "POST", `/api/v1/admin/check-ins/${checkInId}/undo`, { token: state.admin.accessToken }).catch(() => undefined);
      }
    });
  },
  async registration(state, n) {
    const household = state.households[n % state.households.length]!;
    await household.registration.run(async () => {
      const { baseUrl } = state;
      const token = await accessOf(baseUrl, household.chain);
      const where = `/api/v1/users/me/events/${state.signUpEventId}/registration`;
      expectStatus(await call(baseUrl, "GET", where, { token }), [200], "the event's sign-up");
      const made = expectStatus<{ registrations: { id: string; status: string }[] }>(
        await call(baseUrl, "POST", where, { token, json: { person_ids: [household.adultId, household.childId] } }),
        [201],
        "signing the household up",
      );
      const ids = made.registrations.map((registration) => registration.id);
      if (ids.length !== 2 || made.registrations.some((registration) => registration.status !== "registered" && registration.status !== "waitlisted")) {
        throw new Error(`the sign-up answered ${JSON.stringify(made).slice(0, 300)}`);
      }
      const left = new Set(ids);
      try {
        for (const id of ids) {
          expectStatus(await call(baseUrl, "DELETE", `/api/v1/users/me/registrations/${id}`, { token }), [200], "cancelling a sign-up");
          left.delete(id);
        }
      } finally {
        for (const id of left) await call(baseUrl, "DELETE", `/api/v1/users/me/registrations/${id}`, { token }).catch(() => undefined);
      }
    });
  },
};

// ---------------------------------------------------------------------------------------------------------
// Per-minute figures

export interface MinuteRow {
  minute: number;
  rssMb: number | null;
  requests: number;
  errors: number;
  p50Ms: number | null;
  p99Ms: number | null;
  operations: Partial<Record<OpName, number>>;
  statuses: Record<string, number>;
  /** The most an operation started after its scheduled time: the load generator's own lag. */
  maxStartLagMs: number;
}

interface MinuteBucket {
  latencies: number[];
  requests: number;
  errors: number;
  operations: Partial<Record<OpName, number>>;
  statuses: Record<string, number>;
  maxStartLagMs: number;
  rssMb: number | null;
}

function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The least-squares slope of y over x (MB per minute), or null with fewer than three points: the trend a longer run would follow. */
function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 3) return null;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const spread = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return spread === 0 ? null : points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0) / spread;
}

/** VmRSS of a process in MB, or null once it is gone. */
function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const format = (value: number | null, digits = 1) => (value === null ? "—" : value.toFixed(digits));

function printMinute(database: SoakDatabase, row: MinuteRow): void {
  console.log(
    `  ${database} minute ${String(row.minute).padStart(3)}: RSS ${format(row.rssMb).padStart(7)} MB  ${String(row.requests).padStart(6)} requests  ${String(row.errors).padStart(3)} errors  ` +
      `p50 ${format(row.p50Ms).padStart(6)} ms  p99 ${format(row.p99Ms).padStart(7)} ms${row.maxStartLagMs > 250 ? `  (load generator ${row.maxStartLagMs.toFixed(0)} ms late)` : ""}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// One database

interface Failure {
  minute: number;
  op: OpName;
  message: string;
}

async function soakOn(tally: Tally, database: SoakDatabase, options: SoakOptions): Promise<void> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const minuteMs = options.minuteSeconds * 1000;
  console.log(`\n  ${database}: ${options.minutes} minutes of ${options.minuteSeconds} s at ${options.rate} requests/s`);
  // Another server on the port would answer the health check in this one's place.
  if (!(await portIsFree(options.port))) throw new Error(`port ${options.port} is taken: choose another with --port`);
  let databaseUrl = "";
  const env: Record<string, string> = {};
  if (database === "postgres") {
    databaseUrl = siblingDatabase(PROOFS_DATABASE_URL, "_soak");
    prepareDatabase(databaseUrl, ADMIN_DATABASE_URL, baseUrl);
    const sql = new Database(databaseUrl);
    try {
      await seedSoakRows((text, params = []) => sql.query(text, [...params]));
    } finally {
      await sql.end();
    }
  } else {
    runInChildProcess(import.meta.filename, ["--prepare-embedded", embeddedDir(options.port), baseUrl], "preparing the embedded database");
    env.PGLITE_DATA_DIR = embeddedDir(options.port);
  }
  const server: ProofServer = await startServer({ name: `soak-${database}`, port: options.port, databaseUrl, env });
  const restoreFetch = installTimedFetch();
  try {
    const state = await prepareLoad(baseUrl, options.minutes * options.minuteSeconds / 60);
    console.log(`  server pid ${server.pid}, log ${server.log}; ready at ${format(residentMb(server.pid))} MB resident`);

    const buckets: MinuteBucket[] = Array.from({ length: options.minutes }, () => ({ latencies: [], requests: 0, errors: 0, operations: {}, statuses: {}, maxStartLagMs: 0, rssMb: null }));
    const byEndpoint = new Map<string, number[]>();
    const byOp = new Map<OpName, { operations: number; errors: number; latencies: number[] }>();
    const failures: Failure[] = [];
    const started = performance.now();
    const end = started + options.minutes * minuteMs;
    const minuteAt = (at: number) => Math.min(options.minutes - 1, Math.max(0, Math.floor((at - started) / minuteMs)));
    const opStats = (op: OpName) => {
      let stats = byOp.get(op);
      if (!stats) byOp.set(op, (stats = { operations: 0, errors: 0, latencies: [] }));
      return stats;
    };
    const onSample = (sample: RequestSample) => {
      const bucket = buckets[minuteAt(performance.now())]!;
      bucket.requests += 1;
      bucket.latencies.push(sample.milliseconds);
      bucket.statuses[sample.status] = (bucket.statuses[sample.status] ?? 0) + 1;
      opStats(sample.op).latencies.push(sample.milliseconds);
      let endpoint = byEndpoint.get(sample.endpoint);
      if (!endpoint) byEndpoint.set(sample.endpoint, (endpoint = []));
      endpoint.push(sample.milliseconds);
    };
    const fail = (op: OpName, message: string) => {
      const minute = minuteAt(performance.now());
      buckets[minute]!.errors += 1;
      opStats(op).errors += 1;
      failures.push({ minute: minute + 1, op, message: message.split("\n")[0]!.slice(0, 400) });
    };

    // The open loop: each kind of operation on its own fixed schedule, its first start spread over its period.
    const scale = options.rate / MIX_REQUESTS_PER_SECOND;
    const schedules = MIX.map((kind, index) => {
      const period = 1000 / (kind.perSecond * scale);
      return { op: kind.op, period, next: started + (period * index) / MIX.length, count: 0 };
    });
    let inFlight = 0;
    const running = new Map<Promise<void>, OpName>();
    const launch = (op: OpName, n: number, scheduledAt: number) => {
      const now = performance.now();
      const bucket = buckets[minuteAt(now)]!;
      bucket.maxStartLagMs = Math.max(bucket.maxStartLagMs, now - scheduledAt);
      bucket.operations[op] = (bucket.operations[op] ?? 0) + 1;
      opStats(op).operations += 1;
      if (inFlight >= MAX_IN_FLIGHT) {
        fail(op, `not started: ${inFlight} operations already in flight (the server is not keeping up)`);
        return;
      }
      inFlight += 1;
      const task = currentOp
        .run({ op, onSample }, () => OPERATIONS[op](state, n))
        .catch((error: unknown) => fail(op, error instanceof Error ? error.message : String(error)))
        .finally(() => {
          inFlight -= 1;
          running.delete(task);
        });
      running.set(task, op);
    };
    const ticker = setInterval(() => {
      const now = Math.min(performance.now(), end);
      for (const schedule of schedules) {
        while (schedule.next <= now) {
          launch(schedule.op, schedule.count++, schedule.next);
          schedule.next += schedule.period;
        }
      }
    }, 5);

    const rows: MinuteRow[] = [];
    const rowOf = (minute: number): MinuteRow => {
      const bucket = buckets[minute]!;
      return {
        minute: minute + 1,
        rssMb: bucket.rssMb,
        requests: bucket.requests,
        errors: bucket.errors,
        p50Ms: percentile(bucket.latencies, 0.5),
        p99Ms: percentile(bucket.latencies, 0.99),
        operations: bucket.operations,
        statuses: bucket.statuses,
        maxStartLagMs: bucket.maxStartLagMs,
      };
    };
    for (let minute = 0; minute < options.minutes; minute++) {
      await sleep(Math.max(0, started + (minute + 1) * minuteMs - performance.now()));
      buckets[minute]!.rssMb = residentMb(server.pid);
      if (minute < options.minutes - 1) {
        rows.push(rowOf(minute));
        printMinute(database, rows.at(-1)!);
      }
    }
    clearInterval(ticker);
    // What is still in flight finishes into the last minute; whatever has not answered in a minute is an error.
    await Promise.race([Promise.all([...running.keys()]), sleep(60_000)]);
    for (const op of running.values()) fail(op, "no answer a minute after the load ended");
    rows.push(rowOf(options.minutes - 1));
    printMinute(database, rows.at(-1)!);

    // The judgement.
    const windowMinutes = Math.max(1, Math.round(options.minutes * WARM_UP_SHARE));
    const warmUp = rows.slice(0, windowMinutes);
    const afterWarmUp = rows.slice(windowMinutes, windowMinutes * 2);
    const last = rows.slice(-windowMinutes);
    const warmUpRss = median(warmUp.map((row) => row.rssMb).filter((value): value is number => value !== null));
    const lastRss = median(last.map((row) => row.rssMb).filter((value): value is number => value !== null));
    const allowedGrowth = warmUpRss === null ? 0 : Math.max(warmUpRss * RSS_GROWTH_SHARE, RSS_GROWTH_FLOOR_MB);
    const growth = warmUpRss === null || lastRss === null ? null : lastRss - warmUpRss;
    // Not judged: how fast it still grew after the warm-up, per (real) minute.
    const trend = slope(rows.slice(windowMinutes).flatMap((row) => (row.rssMb === null ? [] : [{ x: (row.minute * options.minuteSeconds) / 60, y: row.rssMb }])));
    const latenciesOf = (selected: MinuteRow[]) => selected.flatMap((row) => buckets[row.minute - 1]!.latencies);
    const baselineP99 = percentile(latenciesOf(afterWarmUp), 0.99);
    const lastP99 = percentile(latenciesOf(last), 0.99);
    const totalRequests = rows.reduce((sum, row) => sum + row.requests, 0);
    const totalErrors = rows.reduce((sum, row) => sum + row.errors, 0);
    const totalOperations = [...byOp.values()].reduce((sum, stats) => sum + stats.operations, 0);
    const seconds = (options.minutes * minuteMs) / 1000;

    console.log(
      `  ${database}: ${totalOperations} operations, ${totalRequests} requests (${(totalRequests / seconds).toFixed(1)}/s), ${totalErrors} errors; ` +
        `RSS ${format(warmUpRss)} MB over the warm-up (minutes 1-${windowMinutes}) → ${format(lastRss)} MB over the last ${windowMinutes} (${growth === null ? "—" : `${growth >= 0 ? "+" : ""}${growth.toFixed(1)}`} MB, at most +${allowedGrowth.toFixed(1)}; trend after the warm-up ${trend === null ? "—" : `${trend >= 0 ? "+" : ""}${trend.toFixed(2)}`} MB/min); ` +
        `p99 ${format(baselineP99)} ms after the warm-up → ${format(lastP99)} ms at the end (at most ${baselineP99 === null ? "—" : (baselineP99 * P99_FACTOR).toFixed(1)})`,
    );
    for (const kind of MIX) {
      const stats = byOp.get(kind.op);
      if (!stats) continue;
      console.log(
        `    ${kind.op.padEnd(15)} ${String(stats.operations).padStart(6)} operations ${String(stats.latencies.length).padStart(7)} requests  ${String(stats.errors).padStart(3)} errors  ` +
          `p50 ${format(percentile(stats.latencies, 0.5)).padStart(6)} ms  p99 ${format(percentile(stats.latencies, 0.99)).padStart(7)} ms`,
      );
    }
    const slowest = [...byEndpoint].map(([endpoint, values]) => ({ endpoint, requests: values.length, p50Ms: percentile(values, 0.5), p99Ms: percentile(values, 0.99) }));
    slowest.sort((a, b) => (b.p99Ms ?? 0) - (a.p99Ms ?? 0));
    console.log(`    slowest endpoints by p99: ${slowest.slice(0, 5).map((item) => `${item.endpoint} ${format(item.p99Ms)} ms (${item.requests})`).join("; ")}`);
    const distinct = new Map<string, number>();
    for (const failure of failures) distinct.set(`${failure.op}: ${failure.message}`, (distinct.get(`${failure.op}: ${failure.message}`) ?? 0) + 1);
    for (const [message, times] of [...distinct].slice(0, 10)) console.log(`    ✗ ${times}× ${message}`);

    const unexpected = unexpectedErrors(server.output());
    for (const [error, times] of unexpected) console.log(`    ✗ logged ${times}×: ${error}`);
    const judgements = {
      noErrors: totalErrors === 0 && totalRequests > 0,
      serverHealthy: server.alive() && unexpected.size === 0,
      rssFlat: growth !== null && growth <= allowedGrowth,
      p99Flat: baselineP99 !== null && lastP99 !== null && lastP99 <= baselineP99 * P99_FACTOR,
    };
    tally.check(`${database}: no errors (${totalOperations} operations, ${totalRequests} requests at ${(totalRequests / seconds).toFixed(1)}/s)`, judgements.noErrors, totalErrors > 0 ? `${totalErrors} errors, first: ${failures[0]?.op}: ${failures[0]?.message ?? "(an operation did not finish)"}` : "");
    tally.check(
      `${database}: the server ran throughout and logged no unexpected error`,
      judgements.serverHealthy,
      server.alive() ? (unexpected.size > 0 ? `${[...unexpected.values()].reduce((a, b) => a + b, 0)} lines` : "") : "the server stopped",
    );
    tally.check(
      `${database}: resident memory after the warm-up grew at most max(${RSS_GROWTH_SHARE * 100}%, ${RSS_GROWTH_FLOOR_MB} MB)`,
      judgements.rssFlat,
      `${format(warmUpRss)} → ${format(lastRss)} MB (median of minutes 1-${windowMinutes} → median of the last ${windowMinutes}; at most +${allowedGrowth.toFixed(1)} MB)`,
    );
    tally.check(
      `${database}: p99 of the last minutes at most ${P99_FACTOR}× the p99 right after the warm-up`,
      judgements.p99Flat,
      `${format(baselineP99)} ms (minutes ${windowMinutes + 1}-${windowMinutes * 2}) → ${format(lastP99)} ms (the last ${windowMinutes})`,
    );

    mkdirSync("test-results", { recursive: true });
    const file = path.join("test-results", `soak-${database}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          database,
          options: { minutes: options.minutes, minuteSeconds: options.minuteSeconds, rate: options.rate },
          mix: MIX.map((kind) => ({ ...kind, perSecond: kind.perSecond * scale })),
          serverPid: server.pid,
          minutes: rows,
          summary: {
            operations: totalOperations,
            requests: totalRequests,
            errors: totalErrors,
            warmUpMinutes: windowMinutes,
            warmUpRssMb: warmUpRss,
            lastRssMb: lastRss,
            rssGrowthMb: growth,
            allowedRssGrowthMb: allowedGrowth,
            rssTrendMbPerMinute: trend,
            baselineP99Ms: baselineP99,
            lastP99Ms: lastP99,
            judgements,
          },
          operations: Object.fromEntries([...byOp].map(([op, stats]) => [op, { operations: stats.operations, requests: stats.latencies.length, errors: stats.errors, p50Ms: percentile(stats.latencies, 0.5), p99Ms: percentile(stats.latencies, 0.99) }])),
          endpoints: slowest,
          failures: failures.slice(0, 200),
          unexpectedLogLines: Object.fromEntries(unexpected),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`  written: ${file}`);
  } finally {
    restoreFetch();
    await server.stop();
    if (database === "embedded") rmSync(embeddedDir(options.port), { recursive: true, force: true });
  }
}

export async function runSoak(tally: Tally, options: SoakOptions): Promise<void> {
  if (options.minutes < 3) throw new Error("--minutes must be at least 3: a warm-up, the minutes after it and the last ones");
  for (const database of options.databases) {
    try {
      await soakOn(tally, database, options);
    } catch (error) {
      tally.check(`${database}: the soak ran to the end`, false, error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// `npm run proof:soak -- [flags]`

function positive(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number, got ${value}`);
  return number;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      minutes: { type: "string", default: "60" },
      "minute-seconds": { type: "string", default: "60" },
      rate: { type: "string", default: "20" },
      databases: { type: "string", default: "postgres,embedded" },
      port: { type: "string", default: String(PROOFS_PORT + 2) },
      "prepare-embedded": { type: "boolean", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values["prepare-embedded"]) {
    const [dataDir, baseUrl] = positionals;
    if (!dataDir || !baseUrl) throw new Error("usage: soak.ts --prepare-embedded <dir> <base url>");
    await prepareEmbeddedHere(dataDir, baseUrl);
    // PGlite's handles may keep the event loop alive after the folder is closed.
    process.exit(0);
  }
  const databases = values.databases.split(",").map((name) => name.trim());
  for (const name of databases) if (name !== "postgres" && name !== "embedded") throw new Error(`--databases: ${name} is neither postgres nor embedded`);
  const options: SoakOptions = {
    minutes: Math.floor(positive("minutes", values.minutes)),
    minuteSeconds: positive("minute-seconds", values["minute-seconds"]),
    rate: positive("rate", values.rate),
    databases: databases as SoakDatabase[],
    port: Math.floor(positive("port", values.port)),
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the soak's server`);
      cleanUpNow();
      process.exit(130);
    });
  }
  process.on("exit", cleanUpNow);
  console.log(`▶ proof: soak`);
  const tally = new Tally("soak");
  const started = performance.now();
  await runSoak(tally, options);
  const failed = tally.failed;
  console.log(`\nSoak (${((performance.now() - started) / 1000).toFixed(0)} s): ${tally.results.length - failed} passed, ${failed} failed`);
  for (const result of tally.results.filter((item) => !item.ok)) console.log(`  ✗ ${result.name}${result.detail ? ` — ${result.detail}` : ""}`);
  process.exit(failed === 0 && tally.results.length > 0 ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
