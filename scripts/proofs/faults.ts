/**
 * Faults (issue 7, Proof): PostgreSQL stopped and started again under load.
 *
 * A private cluster (initdb in a temporary folder, pg_ctl on its own port, 55432 by default; the shared
 * server on 5432 is never touched) is migrated and seeded like any other database, a production server
 * runs against it, and workers load identity and calendar routes, reads and writes (sign-ins, consents,
 * refresh-token rotation, recovery contacts, the feed without its cache). Then:
 *   1. up:        the load runs for a few seconds: every answer 2xx/4xx;
 *   2. down:      `pg_ctl stop -m immediate` (a crash: no shutdown checkpoint, in-flight transactions cut):
 *                 every answer comes fast (< 5 s), a 503 in its surface's shape (identity
 *                 `service_unavailable`, OAuth `temporarily_unavailable`, the forms `service_unavailable`,
 *                 calendar CalendarError 503) or a 2xx/4xx that needed no database; never a 500, never a
 *                 dropped connection, and the server process keeps running;
 *   3. recovered: `pg_ctl start`; the same server (same pid, no restart) answers normally again;
 *   4. the data:  every table's invariants (db-state.ts INVARIANTS) hold: no half-written record.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hiddenInputs } from "../../e2e/support/oauth-browser.ts";
import { PROOFS_PG_BIN, PROOFS_PG_PORT } from "./support/config.ts";
import { checkInvariants, Database } from "./support/db-state.ts";
import { agentFor, jsonOf, send, type RawAnswer, type RawRequest } from "./support/http.ts";
import type { Tally } from "./support/report.ts";
import { onCleanup, prepareDatabase, sleep, startServer } from "./support/servers.ts";
import { basicAuth, DEMO_PASSWORD, portalClient, portalTokens } from "./support/tokens.ts";

const FAIL_FAST_MS = 5_000;

/** A private PostgreSQL cluster. As root, initdb and pg_ctl run as the postgres user (initdb refuses root). */
class PrivateCluster {
  readonly dataDir: string;
  private readonly asPostgres = process.getuid?.() === 0;

  constructor(readonly port: number) {
    const parent = mkdtempSync(path.join(tmpdir(), "church-proofs-pg-"));
    this.dataDir = path.join(parent, "data");
    if (this.asPostgres) {
      const { uid, gid } = this.postgresUser();
      chownSync(parent, uid, gid);
    }
  }

  private postgresUser(): { uid: number; gid: number } {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    return { uid, gid };
  }

  private run(binary: string, args: string[]): { status: number | null; output: string } {
    const command = path.join(PROOFS_PG_BIN, binary);
    const result = this.asPostgres
      ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
      : spawnSync(command, args, { encoding: "utf8" });
    return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}`;
  }

  init(): void {
    const result = this.run("initdb", ["-D", this.dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    if (result.status !== 0) throw new Error(`initdb failed:\n${result.output}`);
  }

  /**
   * Starts the cluster and waits for it. A start that does not answer in time is tried once more, with its
   * log in the error if that fails too: the cluster starting is this machine's business, not what the proof
   * measures (a fresh-clone run once timed out here on a busy machine, and the log was gone with the folder).
   */
  start(): void {
    const options = `-p ${this.port} -k ${path.dirname(this.dataDir)} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
    const log = path.join(path.dirname(this.dataDir), "postgres.log");
    let result = this.run("pg_ctl", ["-D", this.dataDir, "-o", options, "-l", log, "-w", "-t", "120", "start"]);
    if (result.status !== 0) {
      this.run("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
      result = this.run("pg_ctl", ["-D", this.dataDir, "-o", options, "-l", log, "-w", "-t", "120", "start"]);
    }
    if (result.status !== 0) {
      const tail = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-40).join("\n") : "(no log)";
      throw new Error(`pg_ctl start failed:\n${result.output}\n${log}:\n${tail}`);
    }
  }

  /** `-m immediate`: every server process quits at once, as in a crash; recovery replays the WAL at start. */
  stopImmediately(): void {
    const result = this.run("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
    if (result.status !== 0) throw new Error(`pg_ctl stop failed:\n${result.output}`);
  }

  destroy(): void {
    this.run("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
    rmSync(path.dirname(this.dataDir), { recursive: true, force: true });
  }
}

type Phase = "up" | "down" | "recovering" | "recovered";
type Surface = "identity" | "calendar" | "oauth" | "forms";

interface Outcome {
  phase: Phase;
  scenario: string;
  surface: Surface;
  status: number;
  milliseconds: number;
  shapeProblem: string | null;
  at: number;
}

/** Whether a 503 is in its surface's shape, with Retry-After. */
function unavailableShape(surface: Surface, answer: RawAnswer): string | null {
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  if (!body) return `503 without a JSON body: ${answer.body.toString("utf8").slice(0, 80)}`;
  if (!answer.headers["retry-after"]) return "503 without Retry-After";
  if (surface === "calendar") {
    return body.error === true && body.statusCode === 503 && typeof body.message === "string" && Object.keys(body).length === 3 ? null : `calendar 503 body ${JSON.stringify(body)}`;
  }
  const expected = surface === "oauth" ? "temporarily_unavailable" : "service_unavailable";
  return body.error === expected && typeof body.error_description === "string" && Object.keys(body).length === 2 ? null : `${surface} 503 body ${JSON.stringify(body)}`;
}

interface Chain {
  refreshToken: string;
  accessToken: string;
  dead: boolean;
}

export async function runFaults(tally: Tally, options: { port: number }): Promise<void> {
  const cluster = new PrivateCluster(PROOFS_PG_PORT);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const databaseUrl = `${cluster.url}/church_proofs_faults`;
  cluster.init();
  const forgetCluster = onCleanup(() => cluster.destroy());
  cluster.start();
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const agent = agentFor(64);
  try {
    console.log(`  private PostgreSQL cluster on 127.0.0.1:${cluster.port} in ${cluster.dataDir}`);
    prepareDatabase(databaseUrl, `${cluster.url}/postgres`, baseUrl);
    database = new Database(databaseUrl);
    server = await startServer({ name: "faults", port: options.port, databaseUrl, env: { CALENDAR_CACHE_SECONDS: "0" } });
    const pid = server.pid;

    // What the load needs: token chains of the portal (account control is first-party only, docs/decisions/0018;
    // refresh rotation), a CSRF pair for sign-ins, events.
    const portal = portalClient(baseUrl);
    const chains: Chain[] = [];
    for (let i = 0; i < 6; i++) {
      const tokens = await portalTokens(baseUrl, i % 2 === 0 ? "member@example.org" : "guardian@example.org");
      chains.push({ refreshToken: tokens.refresh_token!, accessToken: tokens.access_token, dead: false });
    }
    const page = await fetch(`${baseUrl}/sign-in`);
    const csrfCookie = page.headers.getSetCookie().map((line) => line.split(";")[0]!).find((pair) => /csrf/i.test(pair.split("=")[0]!))!;
    const csrfToken = hiddenInputs(await page.text()).csrf_token!;
    const feed = (await (await fetch(`${baseUrl}/api/calendar/events/upcoming?limit=20`)).json()) as { items: { eventId: string }[] };
    const eventIds = feed.items.map((item) => item.eventId);

    let phase: Phase = "up";
    let stop = false;
    const outcomes: Outcome[] = [];
    const started = Date.now();
    let refreshReuse = 0;

    const scenarios: { name: string; surface: Surface; make: (worker: number, n: number) => RawRequest; after?: (answer: RawAnswer, worker: number) => void }[] = [
      { name: "feed", surface: "calendar", make: (_w, n) => ({ method: "GET", path: `/api/calendar/events/upcoming?limit=${(n % 20) + 1}` }) },
      { name: "event detail", surface: "calendar", make: (_w, n) => ({ method: "GET", path: `/api/calendar/events/${eventIds[n % eventIds.length]}` }) },
      { name: "profile", surface: "identity", make: (w) => ({ method: "GET", path: "/api/v1/users/me", headers: { authorization: `Bearer ${chains[w % chains.length]!.accessToken}` } }) },
      { name: "sessions", surface: "identity", make: (w) => ({ method: "GET", path: "/api/v1/sessions/me", headers: { authorization: `Bearer ${chains[w % chains.length]!.accessToken}` } }) },
      {
        name: "consent (write)",
        surface: "identity",
        make: (w, n) => ({
          method: "POST",
          path: "/api/v1/consents/me",
          headers: { authorization: `Bearer ${chains[w % chains.length]!.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify({ client_id: "demo-app", scopes: n % 2 === 0 ? ["openid", "profile"] : ["openid", "email"] }),
        }),
      },
      {
        name: "recovery contact (write + code + outbox)",
        surface: "identity",
        make: (w, n) => ({
          method: "POST",
          path: "/api/v1/users/me/recovery-contacts",
          headers: { authorization: `Bearer ${chains[w % chains.length]!.accessToken}`, "content-type": "application/json", "x-forwarded-for": `198.51.100.${(n % 200) + 1}` },
          body: JSON.stringify({ value: `faults-${w}-${n}@example.org` }),
        }),
      },
      {
        name: "refresh rotation (write)",
        surface: "oauth",
        make: (w) => ({
          method: "POST",
          path: "/oauth/token",
          headers: { authorization: basicAuth(portal.id, portal.secret), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: chains[w % chains.length]!.refreshToken }).toString(),
        }),
        after: (answer, w) => {
          const chain = chains[w % chains.length]!;
          const body = jsonOf(answer) as { refresh_token?: string; access_token?: string; error?: string } | undefined;
          if (answer.status === 200 && body?.refresh_token && body.access_token) {
            chain.refreshToken = body.refresh_token;
            chain.accessToken = body.access_token;
          } else if (answer.status === 400 && body?.error === "invalid_grant") {
            refreshReuse += 1;
          }
        },
      },
      { name: "client credentials", surface: "oauth", make: () => ({ method: "POST", path: "/oauth/token", headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" }) },
      {
        name: "sign-in (write session + log)",
        surface: "forms",
        make: (w) => ({
          method: "POST",
          path: "/auth/sign-in",
          headers: { cookie: csrfCookie, origin: baseUrl, accept: "application/json", "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${(w % 50) + 1}` },
          body: new URLSearchParams({ email: w % 2 === 0 ? "member@example.org" : "staff@example.org", password: DEMO_PASSWORD, csrf_token: csrfToken }).toString(),
        }),
      },
    ];

    // A chain is used by one worker at a time: workers share chains by index, so rotation stays sequential.
    const workers = Array.from({ length: 12 }, async (_unused, worker) => {
      let n = 0;
      while (!stop) {
        const scenario = scenarios[(worker + n) % scenarios.length]!;
        const serialised = scenario.name.startsWith("refresh") && worker >= chains.length;
        const chosen = serialised ? scenarios[0]! : scenario;
        const request = chosen.make(worker, n);
        const atPhase = phase;
        const answer = await send(baseUrl, request, agent, 20_000);
        chosen.after?.(answer, worker);
        let shapeProblem: string | null = null;
        if (answer.transportError) shapeProblem = `no answer: ${answer.transportError}`;
        else if (answer.status === 503) shapeProblem = unavailableShape(chosen.surface, answer);
        else if (answer.status >= 500) shapeProblem = `status ${answer.status}: ${answer.body.toString("utf8").slice(0, 120)}`;
        // A request in flight when PostgreSQL stopped belongs to "down": it is judged by the down rules.
        const endPhase = phase;
        const judgedPhase: Phase = atPhase === "down" || endPhase === "down" || (atPhase === "up" && endPhase !== "up") ? "down" : endPhase;
        outcomes.push({ phase: judgedPhase, scenario: chosen.name, surface: chosen.surface, status: answer.status, milliseconds: answer.milliseconds, shapeProblem, at: Date.now() - started });
        n++;
      }
    });

    const timeline = (async () => {
      await sleep(6_000);
      phase = "down";
      cluster.stopImmediately();
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: PostgreSQL stopped (-m immediate)`);
      await sleep(8_000);
      phase = "recovering";
      cluster.start();
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: PostgreSQL started again`);
      await sleep(5_000);
      phase = "recovered";
      await sleep(8_000);
      stop = true;
    })();
    await timeline;
    await Promise.all(workers);

    const summary = (which: Phase) => {
      const list = outcomes.filter((outcome) => outcome.phase === which);
      const statuses: Record<string, number> = {};
      for (const outcome of list) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      const sorted = list.map((outcome) => outcome.milliseconds).sort((a, b) => a - b);
      const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
      const max = sorted.at(-1) ?? 0;
      const problems = list.filter((outcome) => outcome.shapeProblem);
      console.log(`  ${which.padEnd(10)} ${String(list.length).padStart(6)} requests, statuses ${JSON.stringify(statuses)}, p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms, ${problems.length} problems`);
      for (const problem of problems.slice(0, 5)) console.log(`    ✗ ${problem.scenario}: ${problem.shapeProblem}`);
      return { list, statuses, p99, max, problems };
    };
    const up = summary("up");
    const down = summary("down");
    const recovering = summary("recovering");
    const recovered = summary("recovered");
    const perScenario = (list: Outcome[]) => {
      const rows: Record<string, Record<string, number>> = {};
      for (const outcome of list) {
        rows[outcome.scenario] ??= {};
        rows[outcome.scenario]![outcome.status] = (rows[outcome.scenario]![outcome.status] ?? 0) + 1;
      }
      return rows;
    };
    console.log(`  while down, by scenario: ${JSON.stringify(perScenario(down.list))}`);

    tally.check("up: every answer 2xx/4xx, no 5xx", up.list.length > 0 && up.list.every((outcome) => outcome.status > 0 && outcome.status < 500), JSON.stringify(up.statuses));
    tally.check("down: no 500 and no dropped connection, every 503 in its surface's shape with Retry-After", down.list.length > 0 && down.problems.length === 0, `${down.problems.length} problems; ${JSON.stringify(down.statuses)}`);
    const downUnavailable = down.list.filter((outcome) => outcome.status === 503);
    const surfacesDown = new Set(downUnavailable.map((outcome) => outcome.surface));
    tally.check("down: identity, calendar, OAuth and the forms all answer 503", ["identity", "calendar", "oauth", "forms"].every((surface) => surfacesDown.has(surface as Surface)), [...surfacesDown].join(", "));
    tally.check(`down: requests fail fast (every answer < ${FAIL_FAST_MS / 1000} s)`, down.max < FAIL_FAST_MS, `p99 ${down.p99.toFixed(0)} ms, max ${down.max.toFixed(0)} ms`);
    tally.check("recovering: no 500 and no dropped connection while PostgreSQL starts", recovering.problems.length === 0, JSON.stringify(recovering.statuses));
    tally.check("recovered without a restart: same process, no 503 in the last phase", server.alive() && server.pid === pid && recovered.list.length > 0 && !recovered.list.some((outcome) => outcome.status >= 500), JSON.stringify(recovered.statuses));
    const health = await fetch(`${baseUrl}/api/health`);
    tally.check("recovered: /api/health answers 200", health.status === 200);
    const recoveredScenarios = new Set(recovered.list.filter((outcome) => outcome.status < 300).map((outcome) => outcome.scenario));
    tally.check("recovered: every scenario succeeds again (reads and writes)", scenarios.every((scenario) => recoveredScenarios.has(scenario.name) || scenario.name.startsWith("recovery contact")), [...recoveredScenarios].join(", "));
    console.log(`  refresh answers invalid_grant: ${refreshReuse} (a rotation committed just before the crash whose answer was lost: the client's retry is a reuse, and the family is revoked, as designed)`);

    const invariants = await checkInvariants(database);
    const broken = invariants.filter((result) => result.violations > 0);
    for (const result of broken) console.log(`    ✗ ${result.table}: ${result.rule}: ${result.violations} rows, e.g. ${JSON.stringify(result.sample)}`);
    const [counts] = await database.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM session)::int AS sessions, (SELECT count(*) FROM refresh_token)::int AS refresh_tokens,
              (SELECT count(*) FROM consent)::int AS consents, (SELECT count(*) FROM recovery_contact)::int AS recovery_contacts,
              (SELECT count(*) FROM outbox_message)::int AS outbox_messages, (SELECT count(*) FROM security_event)::int AS security_events`,
    );
    tally.check(`every table's invariants hold after the crash (${invariants.length} checks over ${new Set(invariants.map((i) => i.table)).size} tables)`, broken.length === 0, `${broken.length} broken; rows: ${JSON.stringify(counts)}`);
    // The line that matched, so a red run says what the server logged (a run once failed here with no detail).
    const crashLine = server.output().split("\n").find((line) => /uncaughtException|unhandledRejection|FATAL/i.test(line));
    tally.check("the server logged no crash and kept running", server.alive() && crashLine === undefined, server.alive() ? (crashLine?.slice(0, 500) ?? "") : "the server stopped");
  } finally {
    agent.destroy();
    await server?.stop();
    await database?.end();
    cluster.destroy();
    forgetCluster();
  }
}
