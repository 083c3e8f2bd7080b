/**
 * `npm run bench:oauth`: our token endpoint against panva's oidc-provider, side by side in one run on this
 * machine, by hand on a quiet machine (never in CI). See bench/README.md, "OAuth token endpoint".
 *
 *   1. drops and recreates the PostgreSQL database church_bench_oauth, migrates it with the project's runner
 *      and seeds it with `npm run db:seed -- --identity-only` (the demo client demo-app and accounts)
 *   2. builds once into .next-bench (NEXT_DIST_DIR), so nobody else's .next is touched
 *   3. starts, each as its own process on 127.0.0.1: our `next start`, oidc-provider with a PostgreSQL adapter
 *      and oidc-provider with its in-memory adapter (bench/oidc-provider-server.ts), configured alike: JWT
 *      access tokens signed ES256 (or --alg), ID tokens RS256, refresh tokens rotated on every use
 *   4. obtains refresh tokens from each through its real authorization code flow (bench/oauth-flow.ts): one
 *      chain per connection, fresh for each refresh run
 *   5. loads client_credentials and refresh_token at each --connections, one server at a time, in the same
 *      order for each (ours, oidc-provider PostgreSQL, oidc-provider in-memory): --warmup s, then --duration s
 *      measured, with the server's CPU (its process group, all threads) and its PostgreSQL backends' CPU
 *      read from /proc before and after; then password sign-ins on ours
 *   6. prints the Markdown table with the issue's targets and writes it, with the raw numbers, to bench/results/
 *
 * Flags: --duration 10  --warmup 2  --connections 10,50  --signin-connections 10  --port 3400  --alg ES256|RS256
 *        --servers ours,oidc-provider,oidc-provider-memory  --cc-scope ""  --skip-build  --skip-seed
 * Env:   BENCH_OAUTH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/church_bench_oauth); its name
 *        must contain "bench", because it is dropped.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { decodeProtectedHeader } from "jose";
import { buildUnlessSkipped, DIST_DIR } from "./build.ts";
import { runClosedLoop, type ClosedLoopResult, type Scenario } from "./closed-loop.ts";
import { BENCH_APP_SECRET, databaseUrls, recreateDatabase, seedIdentity, withApplicationName } from "./dataset.ts";
import { round } from "./load.ts";
import { authorizationCodeFlow, discover, openSignInForm, type Discovery, type FlowOptions, type FormSubmission } from "./oauth-flow.ts";
import { buildOAuthRows, OAUTH_TARGETS, oauthMarkdownTable, SCENARIO_LABELS, SERVER_LABELS, tallyOAuth, type Measurement, type OAuthScenario, type ServerId } from "./oauth-report.ts";
import { registerBenchPasskeys } from "./bench-passkeys.ts";
import { clientCredentials, devicePolls, dpopRefreshChains, passkeySignIns, passwordSignIns, plainGet, refreshChains } from "./oauth-scenarios.ts";
import { DpopSigner } from "./dpop-signer.ts";
import pg from "pg";
import { backendCpuDelta, PostgresCpu } from "./postgres-cpu.ts";
import { busyMachineWarning, commandLine, describeMachine, loadAverage, machineFacts, notesAndWarnings, positiveInteger, runBenchmark, writeResults } from "./run.ts";
import { freePort, groupCpuSeconds, HOST, startServer, type BenchServer } from "./server.ts";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/church_bench_oauth";
const RESULTS_DIR = path.join("bench", "results");
const SERVER_IDS: ServerId[] = ["ours", "oidc-provider", "oidc-provider-memory"];
/** The scope of the refresh-token chains: what the portal asks for. */
const CHAIN_SCOPE = "openid offline_access profile";
const DEMO_PASSWORD = "demo-password";
/** Seeded accounts without TOTP (totp@example.org would stop at the second step). */
const SIGN_IN_ACCOUNTS = ["member@example.org", "guardian@example.org", "staff@example.org"];
const FLOW_CONCURRENCY = 4;
const SERVER_WARMUP_SECONDS = 4;
/** The kiosk (device code grant) and the phone app (DPoP required), public clients registered alike on both servers. */
const KIOSK_CLIENT_ID = "demo-kiosk";
const PHONE_CLIENT = { id: "bench-phone", secret: null, redirectUri: "http://127.0.0.1:8080/callback" } as const;
/** Our build's trivial route handler (answers 404 unless BENCH_TRIVIAL_ROUTE=1). */
const TRIVIAL_PATH = "/api/bench/trivial";

// ---------------------------------------------------------------------------------------------------------
// Options

interface Options {
  duration: number;
  warmup: number;
  connections: number[];
  signInConnections: number;
  port: number;
  alg: "ES256" | "RS256";
  servers: ServerId[];
  ccScope: string;
  skipBuild: boolean;
  skipSeed: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      connections: { type: "string", default: "10,50" },
      "signin-connections": { type: "string", default: "10" },
      port: { type: "string", default: "3400" },
      alg: { type: "string", default: "ES256" },
      servers: { type: "string", default: SERVER_IDS.join(",") },
      "cc-scope": { type: "string", default: "" },
      "skip-build": { type: "boolean", default: false },
      "skip-seed": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(
      "usage: npm run bench:oauth -- [--duration 10] [--warmup 2] [--connections 10,50] [--signin-connections 10] [--port 3400] [--alg ES256|RS256] [--servers ours,oidc-provider,oidc-provider-memory] [--cc-scope SCOPE] [--skip-build] [--skip-seed]",
    );
    process.exit(0);
  }
  if (values.alg !== "ES256" && values.alg !== "RS256") throw new Error(`--alg must be ES256 or RS256, got ${values.alg}`);
  const servers = values.servers.split(",").map((server) => server.trim());
  for (const server of servers) if (!SERVER_IDS.includes(server as ServerId)) throw new Error(`--servers: unknown server ${server} (${SERVER_IDS.join(", ")})`);
  return {
    duration: positiveInteger("duration", values.duration, 600),
    warmup: positiveInteger("warmup", values.warmup, 60),
    connections: values.connections.split(",").map((value) => positiveInteger("connections", value.trim(), 500)),
    signInConnections: positiveInteger("signin-connections", values["signin-connections"], 500),
    port: positiveInteger("port", values.port, 65_000),
    alg: values.alg,
    servers: SERVER_IDS.filter((server) => servers.includes(server)),
    ccScope: values["cc-scope"],
    skipBuild: values["skip-build"],
    skipSeed: values["skip-seed"],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Database and servers

interface ServerUnderTest {
  id: ServerId;
  server: BenchServer;
  /** application_name of its PostgreSQL connections; null for the in-memory one. */
  postgresApplication: string | null;
  discovery: Discovery;
  tokenPath: string;
  flow: Omit<FlowOptions, "discovery">;
  /** One refresh-token chain per connection, fresh for each refresh run and advanced in place by it. */
  chains: string[];
  /** The same for the phone app: DPoP-bound chains, each with its own key. */
  dpopChains: string[];
  dpopSigners: DpopSigner[];
}

async function startServerUnderTest(id: ServerId, port: number, options: Options, databaseUrl: string, logPrefix: string): Promise<ServerUnderTest> {
  const logFile = `${logPrefix}-${id}.log`;
  const origin = `http://${HOST}:${port}`;
  console.log(`\n▶ ${SERVER_LABELS[id]} on ${origin} (log: ${logFile})`);
  let server: BenchServer;
  let postgresApplication: string | null;
  let flow: Omit<FlowOptions, "discovery">;
  if (id === "ours") {
    postgresApplication = "bench_ours";
    server = await startServer({
      name: id,
      port,
      distDir: DIST_DIR,
      logFile,
      env: {
        DATABASE_URL: withApplicationName(databaseUrl, postgresApplication),
        APP_SECRET: BENCH_APP_SECRET,
        BASE_URL: origin,
        ACCESS_TOKEN_SIGNING_ALG: options.alg,
        SEED_DEMO_DATA: "false",
        NEXT_TELEMETRY_DISABLED: "1",
        BENCH_TRIVIAL_ROUTE: "1",
        // Each device code is asked for from its own forwarded address, as many kiosks would: the
        // per-address limit on device codes is not what this measures.
        TRUSTED_PROXIES: "loopback",
      },
    });
    flow = {
      origin,
      credentials: { email: SIGN_IN_ACCOUNTS[0] as string, password: DEMO_PASSWORD },
      scope: CHAIN_SCOPE,
      defaultActions: { "/sign-in": "/auth/sign-in", "/consent": "/auth/consent" },
    };
  } else {
    const memory = id === "oidc-provider-memory";
    postgresApplication = memory ? null : "bench_oidc_provider";
    server = await startServer({
      name: id,
      port,
      distDir: DIST_DIR,
      logFile,
      script: ["--import", "tsx", path.join("bench", "oidc-provider-server.ts")],
      readyPath: "/api/health",
      env: { OP_ADAPTER: memory ? "memory" : "postgres", OP_DATABASE_URL: databaseUrl, ACCESS_TOKEN_SIGNING_ALG: options.alg },
    });
    // devInteractions: any login name is the account id; offline_access needs prompt=consent (OIDC Core 11).
    flow = { origin, credentials: { login: "member", password: "any" }, scope: CHAIN_SCOPE, extraParameters: { prompt: "consent" } };
  }
  const discovery = await discover(origin);
  return { id, server, postgresApplication, discovery, tokenPath: new URL(discovery.token_endpoint).pathname, flow, chains: [], dpopChains: [], dpopSigners: [] };
}

/** `count` refresh-token chains, each from its own authorization code flow (FLOW_CONCURRENCY at a time). */
async function obtainChains(target: ServerUnderTest, count: number): Promise<string[]> {
  const chains: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const { tokens } = await authorizationCodeFlow({ ...target.flow, discovery: target.discovery });
      if (!tokens.refresh_token) throw new Error(`${target.id}: the code exchange answered no refresh_token (scope ${tokens.scope ?? "?"})`);
      chains.push(tokens.refresh_token);
    }
  };
  await Promise.all(Array.from({ length: FLOW_CONCURRENCY }, worker));
  return chains;
}

let deviceAddress = 0;

/** `count` device codes of the kiosk client, none of them ever approved. */
async function obtainDeviceCodes(target: ServerUnderTest, count: number): Promise<string[]> {
  const endpoint = target.discovery.device_authorization_endpoint;
  if (typeof endpoint !== "string") throw new Error(`${target.id}: discovery names no device_authorization_endpoint`);
  const codes: string[] = [];
  for (let index = 0; index < count; index++) {
    deviceAddress++;
    const response = await fetch(`${target.server.origin}${new URL(endpoint).pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.${(deviceAddress >> 16) & 255}.${(deviceAddress >> 8) & 255}.${deviceAddress & 255}` },
      body: new URLSearchParams({ client_id: KIOSK_CLIENT_ID, scope: "openid profile" }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { device_code?: string };
    if (response.status !== 200 || !body.device_code) throw new Error(`${target.id}: device authorization answered ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    codes.push(body.device_code);
  }
  return codes;
}

/** `count` DPoP-bound refresh-token chains of the phone app, each from its own code flow with its own key. */
async function obtainDpopChains(target: ServerUnderTest, count: number): Promise<void> {
  const chains: string[] = [];
  const signers: DpopSigner[] = [];
  for (let index = 0; index < count; index++) {
    const signer = new DpopSigner();
    const { tokens } = await authorizationCodeFlow({ ...target.flow, discovery: target.discovery, client: PHONE_CLIENT, dpop: signer });
    if (!tokens.refresh_token) throw new Error(`${target.id}: the phone app's code exchange answered no refresh_token`);
    if (tokens.token_type.toLowerCase() !== "dpop") throw new Error(`${target.id}: the phone app's tokens are ${tokens.token_type}, not DPoP`);
    chains.push(tokens.refresh_token);
    signers.push(signer);
  }
  target.dpopChains = chains;
  target.dpopSigners = signers;
}

function dpopScenario(target: ServerUnderTest): Scenario {
  return dpopRefreshChains(target.discovery.token_endpoint.replace(new URL(target.discovery.token_endpoint).origin, target.server.origin), PHONE_CLIENT.id, target.dpopChains, target.dpopSigners);
}

/** Our phone app's registration, as bench/oidc-provider-server.ts registers it there. */
async function registerPhoneApp(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO client (id, name, type, redirect_uris, grant_types, scopes, dpop_bound_access_tokens)
       VALUES ($1, 'Bench phone app', 'public', $2, '{authorization_code,refresh_token}', '{openid,profile,offline_access}', true)
       ON CONFLICT (id) DO UPDATE SET dpop_bound_access_tokens = true`,
      [PHONE_CLIENT.id, [PHONE_CLIENT.redirectUri]],
    );
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// What each server answers (the comparison is only fair if they do the same work)

function jwtHeader(token: unknown): string {
  if (typeof token !== "string") return "none";
  try {
    const header = decodeProtectedHeader(token);
    return `${header.alg}${header.typ ? ` typ ${header.typ}` : ""}`;
  } catch {
    return "not a JWT";
  }
}

async function postToken(target: ServerUnderTest, scenario: Scenario): Promise<{ status: number; body: Record<string, unknown>; problem: string | null }> {
  const request = scenario.next(0);
  const response = await fetch(`${target.server.origin}${request.path}`, { method: "POST", headers: request.headers, body: request.body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, problem: scenario.check(0, response.status, text, Object.fromEntries(response.headers)) };
}

/** One client_credentials grant, described: "client_credentials → 200: access token ES256 typ at+jwt, …". */
async function describeClientCredentials(target: ServerUnderTest, options: Options): Promise<string> {
  const cc = await postToken(target, clientCredentials(target.tokenPath, options.ccScope));
  if (cc.problem) throw new Error(`${target.id}: client_credentials failed: ${cc.problem}`);
  return `client_credentials → ${cc.status}: access token ${jwtHeader(cc.body.access_token)}, expires_in ${String(cc.body.expires_in)}, scope ${JSON.stringify(cc.body.scope ?? null)}`;
}

/** One refresh of the first chain, described (and the chain advanced). */
async function describeRefresh(target: ServerUnderTest): Promise<string> {
  const refresh = await postToken(target, refreshChains(target.tokenPath, target.chains));
  if (refresh.problem) throw new Error(`${target.id}: refresh_token failed: ${refresh.problem}`);
  return `refresh_token → ${refresh.status}: access token ${jwtHeader(refresh.body.access_token)}, ID token ${jwtHeader(refresh.body.id_token)}, refresh token rotated, expires_in ${String(refresh.body.expires_in)}, scope ${JSON.stringify(refresh.body.scope ?? null)}`;
}

/** One poll of a fresh device code, and one DPoP-bound refresh of the phone app, described. */
async function describeDeviceAndDpop(target: ServerUnderTest): Promise<string[]> {
  const poll = await postToken(target, devicePolls(target.tokenPath, KIOSK_CLIENT_ID, await obtainDeviceCodes(target, 1)));
  if (poll.problem) throw new Error(`${target.id}: device code poll failed: ${poll.problem}`);
  await obtainDpopChains(target, 1);
  const refresh = await postToken(target, dpopScenario(target));
  if (refresh.problem) throw new Error(`${target.id}: DPoP refresh failed: ${refresh.problem}`);
  const cnf = (() => {
    try {
      return JSON.stringify(JSON.parse(Buffer.from(String(refresh.body.access_token).split(".")[1] ?? "", "base64url").toString()).cnf ?? null);
    } catch {
      return "unreadable";
    }
  })();
  return [
    `device code poll → ${poll.status} ${String(poll.body.error)}`,
    `DPoP refresh_token → ${refresh.status}: token_type ${String(refresh.body.token_type)}, access token ${jwtHeader(refresh.body.access_token)} cnf ${cnf}, refresh token rotated`,
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Sign-ins (ours)

interface SignInSetup {
  forms: FormSubmission[];
  emails: string[];
  notes: string[];
}

/** One open sign-in form per connection (its own authorization request and CSRF cookie), and the accounts that sign in. */
async function prepareSignIns(target: ServerUnderTest, connections: number): Promise<SignInSetup> {
  const forms: FormSubmission[] = [];
  for (let index = 0; index < connections; index++) forms.push(await openSignInForm({ ...target.flow, discovery: target.discovery }));
  const emails: string[] = [];
  const notes: string[] = [];
  for (const email of SIGN_IN_ACCOUNTS) {
    const scenario = passwordSignIns(forms, [email], DEMO_PASSWORD, new URL(target.discovery.issuer).origin);
    const request = scenario.next(0);
    const response = await fetch(`${target.server.origin}${request.path}`, { method: "POST", headers: request.headers, body: request.body, signal: AbortSignal.timeout(15_000) });
    const problem = scenario.check(0, response.status, await response.text(), Object.fromEntries(response.headers));
    if (problem === null) emails.push(email);
    else notes.push(`${email} left out of the sign-ins: ${problem}`);
  }
  if (emails.length === 0) throw new Error(`no seeded account signs in:\n${notes.join("\n")}`);
  const form = forms[0] as FormSubmission;
  notes.unshift(`sign-ins: POST ${form.url.pathname} (JSON mode) with fields ${[...form.body.keys()].join(", ")} and cookies ${form.cookie.split("; ").map((pair) => pair.split("=")[0]).join(", ")}; accounts ${emails.join(", ")}`);
  return { forms, emails, notes };
}

// ---------------------------------------------------------------------------------------------------------
// Runs

async function measure(
  target: ServerUnderTest,
  scenarioId: OAuthScenario,
  scenario: Scenario,
  connections: number,
  options: Options,
  postgres: PostgresCpu,
  warnings: string[],
): Promise<Measurement> {
  const label = `${SCENARIO_LABELS[scenarioId]} c${connections} / ${SERVER_LABELS[target.id]}`;
  process.stdout.write(`  ${label.padEnd(72)} warm-up ${options.warmup} s`);
  const warmup = await runClosedLoop(target.server.origin, scenario, connections, options.warmup);
  if (Object.keys(warmup.problems).length > 0) warnings.push(`${label}: the warm-up had problems: ${JSON.stringify(warmup.problems)}`);
  process.stdout.write(`, ${options.duration} s`);
  const cpuBefore = groupCpuSeconds(target.server);
  const postgresBefore = target.postgresApplication ? await postgres.sample(target.postgresApplication) : null;
  const answered: ClosedLoopResult = await runClosedLoop(target.server.origin, scenario, connections, options.duration);
  // Grants, not answers, from here on: a passkey sign-in is two requests.
  const perGrant = scenario.requestsPerGrant ?? 1;
  const load: ClosedLoopResult = { ...answered, ok: Math.floor(answered.ok / perGrant), perSecond: round(answered.perSecond / perGrant, 1) };
  const cpuAfter = groupCpuSeconds(target.server);
  const postgresAfter = target.postgresApplication ? await postgres.sample(target.postgresApplication) : null;
  const serverCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const postgresCpuSeconds = postgresBefore && postgresAfter ? backendCpuDelta(postgresBefore, postgresAfter) : null;
  const cpuMs = serverCpuSeconds === null || load.ok === 0 ? null : round((serverCpuSeconds * 1000) / load.ok, 2);
  const problems = Object.keys(load.problems).length;
  process.stdout.write(
    ` → ${load.perSecond.toFixed(0)}/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms${cpuMs === null ? "" : `, ${cpuMs} ms CPU each`}${problems > 0 ? `  ⚠ ${JSON.stringify(load.problems)}` : ""}\n`,
  );
  return { scenario: scenarioId, server: target.id, connections, load, serverCpuSeconds, postgresCpuSeconds };
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const startedAt = new Date();
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-") + "Z";
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPrefix = path.join(RESULTS_DIR, `${stamp}-oauth`);
  const command = commandLine(argv, "bench:oauth", "bench/oauth.ts", "BENCH_OAUTH_DATABASE_URL");
  const machineLine = describeMachine();
  console.log(`OAuth token endpoint benchmark, ${startedAt.toISOString()}\nMachine: ${machineLine}\nCommand: ${command}`);
  const warnings: string[] = [];
  const notes: string[] = [];
  const busy = busyMachineWarning("so compare CPU ms per grant rather than grants/s.");
  if (busy) {
    warnings.push(busy);
    console.log(`⚠ ${busy}`);
  }
  const withOurs = options.servers.includes("ours");

  const urls = databaseUrls("BENCH_OAUTH_DATABASE_URL", DEFAULT_DATABASE_URL);
  if (options.skipSeed) {
    console.log(`\n▶ --skip-seed: using the existing ${urls.name}`);
  } else {
    console.log(`\n▶ recreating ${urls.name}, migrating${withOurs ? " and seeding" : ""}`);
    const migrations = await recreateDatabase(urls);
    console.log(`  ${migrations.length} migrations applied`);
    if (withOurs) seedIdentity(urls.url);
  }
  if (withOurs) await registerPhoneApp(urls.url);

  const buildSeconds = withOurs ? buildUnlessSkipped(options.skipBuild, urls.url) : null;

  const targets: ServerUnderTest[] = [];
  let port = options.port;
  for (const id of options.servers) {
    port = await freePort(port);
    const target = await startServerUnderTest(id, port, options, urls.url, logPrefix);
    targets.push(target);
    port++;
    // client_credentials first: it needs no sign-in, so a missing client shows here plainly.
    const answers = [await describeClientCredentials(target, options)];
    target.chains = await obtainChains(target, 1);
    answers.push(await describeRefresh(target));
    answers.push(...(await describeDeviceAndDpop(target)));
    for (const answer of answers) console.log(`  ${answer}`);
    notes.push(...answers.map((answer) => `${SERVER_LABELS[id]}: ${answer}`));
  }

  const maxConnections = Math.max(...options.connections);
  const postgres = await PostgresCpu.connect(urls.url);
  const measurements: Measurement[] = [];
  try {
    // A fresh process compiles and optimises its code during its first requests: give each server every
    // kind of request before anything is measured, so the first scenario does not pay for it.
    console.log(`\n▶ server warm-up: ${SERVER_WARMUP_SECONDS} s of each grant at c${maxConnections} on each server`);
    for (const target of targets) {
      await obtainDpopChains(target, maxConnections);
      const warmups: Scenario[] = [
        clientCredentials(target.tokenPath, options.ccScope),
        refreshChains(target.tokenPath, await obtainChains(target, maxConnections)),
        devicePolls(target.tokenPath, KIOSK_CLIENT_ID, await obtainDeviceCodes(target, maxConnections)),
        dpopScenario(target),
      ];
      if (target.id === "ours") warmups.unshift(plainGet(TRIVIAL_PATH));
      for (const scenario of warmups) await runClosedLoop(target.server.origin, scenario, maxConnections, SERVER_WARMUP_SECONDS);
    }

    console.log(`\n▶ load: ${options.warmup} s warm-up, then ${options.duration} s measured; one server at a time`);
    const ours = targets.find((target) => target.id === "ours");
    if (ours) {
      // What any route handler of this build costs: the floor under the token endpoint's CPU per grant.
      for (const connections of options.connections) measurements.push(await measure(ours, "trivial", plainGet(TRIVIAL_PATH), connections, options, postgres, warnings));
    }
    for (const scenarioId of ["client_credentials", "refresh_token", "device_poll", "dpop_refresh"] as const) {
      for (const connections of options.connections) {
        for (const target of targets) {
          // Fresh chains from the code flow for every run: oidc-provider's in-memory adapter is an LRU of
          // 1,000 entries, which forgets the grants of chains left idle while others rotate.
          let scenario: Scenario;
          if (scenarioId === "client_credentials") scenario = clientCredentials(target.tokenPath, options.ccScope);
          else if (scenarioId === "refresh_token") scenario = refreshChains(target.tokenPath, (target.chains = await obtainChains(target, connections)));
          else if (scenarioId === "device_poll") scenario = devicePolls(target.tokenPath, KIOSK_CLIENT_ID, await obtainDeviceCodes(target, connections));
          else {
            await obtainDpopChains(target, connections);
            scenario = dpopScenario(target);
          }
          measurements.push(await measure(target, scenarioId, scenario, connections, options, postgres, warnings));
        }
      }
    }
    if (ours) {
      const signIns = await prepareSignIns(ours, options.signInConnections);
      notes.push(...signIns.notes);
      const origin = new URL(ours.discovery.issuer).origin;
      measurements.push(await measure(ours, "password_sign_in", passwordSignIns(signIns.forms, signIns.emails, DEMO_PASSWORD, origin), options.signInConnections, options, postgres, warnings));
      // The same accounts, forms and connections, signing in with a passkey each (issue 18: ≥ 10 × the password sign-ins per core).
      const passkeys = await registerBenchPasskeys(urls.url, signIns.emails, ours.discovery.issuer);
      notes.push(`passkey sign-ins: POST /auth/passkey/options then /auth/passkey/sign-in (JSON mode) on the same forms, an ES256 passkey per account made by the load generator (e2e/support/software-authenticator.ts), relying party ${passkeys.rpId}`);
      measurements.push(await measure(ours, "passkey_sign_in", passkeySignIns(signIns.forms, passkeys, origin), options.signInConnections, options, postgres, warnings));
    }
  } finally {
    await postgres.close();
    for (const target of targets) {
      const errors = target.server.errorLines();
      if (errors.length > 0) warnings.push(`${SERVER_LABELS[target.id]} logged ${errors.length} error-like lines, e.g. ${errors[0]} (see ${logPrefix}-${target.id}.log)`);
      await target.server.stop();
    }
  }

  const rows = buildOAuthRows(measurements);
  const { passed, failed } = tallyOAuth(rows);
  const endLoad = loadAverage();
  const markdown = [
    `# OAuth token endpoint benchmark, ${startedAt.toISOString()}`,
    "",
    `- Machine: ${machineLine}; ${endLoad} at the end`,
    `- Command: \`${command}\``,
    `- Build: ${withOurs ? (buildSeconds === null ? `reused (${DIST_DIR})` : `${buildSeconds.toFixed(0)} s`) : "not needed"}; database ${urls.name}`,
    `- Load: closed loop (bench/closed-loop.ts), one keep-alive connection per worker, ${options.warmup} s warm-up then ${options.duration} s; latency from request to last byte; refresh_token: each connection carries its own rotating chain`,
    `- Access tokens ${options.alg} (both servers), ID tokens RS256; client_secret_basic; CPU from /proc: the server's process group (all threads), and apart, its PostgreSQL backends (by application_name)`,
    `- Targets: per core, client_credentials ≥ ${OAUTH_TARGETS.ratio.client_credentials} × oidc-provider's, refresh_token ≥ ${OAUTH_TARGETS.ratio.refresh_token} ×, device code polls ≥ ${OAUTH_TARGETS.ratio.device_poll} ×, DPoP refreshes ≥ ${OAUTH_TARGETS.ratio.dpop_refresh} × oidc-provider's (with its PostgreSQL adapter), ≥ ${OAUTH_TARGETS.signInsPerCore} password sign-ins/s per core, passkey sign-ins ≥ ${OAUTH_TARGETS.passkeyOverPassword} × password sign-ins per core. "per core" = 1000 / the server process's CPU ms per grant`,
    `- Device polls: one unapproved device code per connection (demo-kiosk, public); ours records each poll and answers slow_down when it comes early, oidc-provider only looks the code up. DPoP: a public client with dpop_bound_access_tokens on both, server nonces required on both, a fresh ES256 proof per request made by the load generator`,
    "",
    oauthMarkdownTable(rows),
    "",
    `Targets: ${passed} passed, ${failed} failed.`,
    "",
    ...notesAndWarnings(notes, warnings),
    "",
  ].join("\n");
  const json = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command,
    machine: machineFacts(),
    options,
    database: urls.name,
    buildSeconds,
    targets: OAUTH_TARGETS,
    rows,
    measurements,
    notes,
    warnings,
  };
  writeResults(logPrefix, markdown, json);
  if (rows.some((row) => row.problems.length > 0)) {
    console.error("Some requests failed or answered unexpectedly: the run is not valid.");
    process.exitCode = 1;
  }
}

await runBenchmark("bench:oauth", main);
