/**
 * bench/oauth.ts's verdict: CPU per grant, grants per core, the ratio of ours to oidc-provider's per core,
 * the issue's targets, and the Markdown table.
 */
import type { ClosedLoopResult } from "./closed-loop.ts";
import { fixed, ratio as formatRatio } from "./report.ts";

export type OAuthScenario = "trivial" | "client_credentials" | "refresh_token" | "device_poll" | "dpop_refresh" | "password_sign_in" | "passkey_sign_in";
export type ServerId = "ours" | "oidc-provider" | "oidc-provider-memory";

export const SERVER_LABELS: Record<ServerId, string> = {
  ours: "ours",
  "oidc-provider": "oidc-provider 9.13.3 (PostgreSQL adapter)",
  "oidc-provider-memory": "oidc-provider 9.13.3 (in-memory adapter)",
};

export const SCENARIO_LABELS: Record<OAuthScenario, string> = {
  trivial: "trivial route (reference)",
  client_credentials: "client_credentials",
  refresh_token: "refresh_token (rotating)",
  device_poll: "device code poll (pending)",
  dpop_refresh: "refresh_token with DPoP (public client)",
  password_sign_in: "password sign-in",
  passkey_sign_in: "passkey sign-in (challenge + answer)",
};

/** The issue's targets, for a 2-core machine. */
export const OAUTH_TARGETS = {
  /** Ours per core / oidc-provider's (PostgreSQL adapter) per core, same grant and concurrency. */
  ratio: { client_credentials: 1.2, refresh_token: 1.3, device_poll: 1.3, dpop_refresh: 1.3 },
  signInsPerCore: 50,
  /** Passkey sign-ins per core / password sign-ins per core, same accounts and connections (issue 18). */
  passkeyOverPassword: 10,
} as const;

export interface Measurement {
  scenario: OAuthScenario;
  server: ServerId;
  connections: number;
  load: ClosedLoopResult;
  /** CPU seconds of the server's process group during the run; null without /proc. */
  serverCpuSeconds: number | null;
  /** CPU seconds of its PostgreSQL backends during the run; null when it has none (in-memory). */
  postgresCpuSeconds: number | null;
}

export type Verdict = "PASS" | "FAIL";

export interface OAuthRow {
  scenario: OAuthScenario;
  server: ServerId;
  connections: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerGrant: number | null;
  postgresCpuMsPerGrant: number | null;
  /** 1000 / cpuMsPerGrant: what one core of the server process would sustain. */
  perCore: number | null;
  /** Ours per core / this peer's per core (on oidc-provider rows), or ours per core / the PostgreSQL peer's (on ours). */
  ratio: number | null;
  /** The same with the PostgreSQL backends' CPU added to both sides. */
  ratioWithPostgres: number | null;
  target: { text: string; verdict: Verdict } | null;
  problems: string[];
}

const perGrant = (seconds: number | null, grants: number) => (seconds === null || grants === 0 ? null : (seconds * 1000) / grants);

function problemsOf(measurement: Measurement): string[] {
  const problems = Object.entries(measurement.load.problems).map(([problem, count]) => `${count}× ${problem}`);
  const stopped = measurement.connections - measurement.load.workersAlive;
  if (stopped > 0) problems.push(`${stopped} of ${measurement.connections} connections stopped`);
  return problems;
}

export function buildOAuthRows(measurements: Measurement[]): OAuthRow[] {
  const rows: OAuthRow[] = measurements.map((measurement) => {
    const { ok } = measurement.load;
    const cpuMsPerGrant = perGrant(measurement.serverCpuSeconds, ok);
    return {
      scenario: measurement.scenario,
      server: measurement.server,
      connections: measurement.connections,
      perSecond: measurement.load.perSecond,
      p50Ms: measurement.load.latencyMs.p50,
      p99Ms: measurement.load.latencyMs.p99,
      cpuMsPerGrant,
      postgresCpuMsPerGrant: perGrant(measurement.postgresCpuSeconds, ok),
      perCore: cpuMsPerGrant ? 1000 / cpuMsPerGrant : null,
      ratio: null,
      ratioWithPostgres: null,
      target: null,
      problems: problemsOf(measurement),
    };
  });
  const find = (scenario: OAuthScenario, server: ServerId, connections: number) =>
    rows.find((row) => row.scenario === scenario && row.server === server && row.connections === connections);
  const totalMs = (row: OAuthRow) => (row.cpuMsPerGrant === null ? null : row.cpuMsPerGrant + (row.postgresCpuMsPerGrant ?? 0));
  const compare = (ours: OAuthRow, peer: OAuthRow) => {
    const oursTotal = totalMs(ours);
    const peerTotal = totalMs(peer);
    return {
      ratio: ours.cpuMsPerGrant && peer.cpuMsPerGrant ? peer.cpuMsPerGrant / ours.cpuMsPerGrant : null,
      withPostgres: oursTotal && peerTotal ? peerTotal / oursTotal : null,
    };
  };

  for (const row of rows) {
    if (row.scenario === "trivial") continue;
    if (row.scenario === "passkey_sign_in") {
      const password = find("password_sign_in", row.server, row.connections);
      row.ratio = row.perCore && password?.perCore ? row.perCore / password.perCore : null;
      const passkeyTotal = totalMs(row);
      const passwordTotal = password ? totalMs(password) : null;
      row.ratioWithPostgres = passkeyTotal && passwordTotal ? passwordTotal / passkeyTotal : null;
      const clean = row.problems.length === 0 && password?.problems.length === 0;
      row.target = {
        text: `≥ ${OAUTH_TARGETS.passkeyOverPassword} × password sign-ins per core`,
        verdict: clean && row.ratio !== null && row.ratio >= OAUTH_TARGETS.passkeyOverPassword ? "PASS" : "FAIL",
      };
      continue;
    }
    if (row.scenario === "password_sign_in") {
      const clean = row.problems.length === 0;
      row.target = {
        text: `≥ ${OAUTH_TARGETS.signInsPerCore}/s per core`,
        verdict: clean && row.perCore !== null && row.perCore >= OAUTH_TARGETS.signInsPerCore ? "PASS" : "FAIL",
      };
      continue;
    }
    const ours = find(row.scenario, "ours", row.connections);
    if (!ours) continue;
    if (row.server === "ours") {
      const peer = find(row.scenario, "oidc-provider", row.connections);
      if (!peer) continue;
      const { ratio, withPostgres } = compare(ours, peer);
      row.ratio = ratio;
      row.ratioWithPostgres = withPostgres;
      const min = OAUTH_TARGETS.ratio[row.scenario];
      const clean = ours.problems.length === 0 && peer.problems.length === 0;
      row.target = { text: `≥ ${min.toFixed(2)}`, verdict: clean && ratio !== null && ratio >= min ? "PASS" : "FAIL" };
    } else {
      // On oidc-provider's rows: ours compared with that row (the in-memory row is information, not a target).
      const { ratio, withPostgres } = compare(ours, row);
      row.ratio = ratio;
      row.ratioWithPostgres = withPostgres;
    }
  }
  return rows;
}

export function tallyOAuth(rows: OAuthRow[]): { passed: number; failed: number } {
  const verdicts = rows.flatMap((row) => (row.target ? [row.target.verdict] : []));
  return { passed: verdicts.filter((verdict) => verdict === "PASS").length, failed: verdicts.filter((verdict) => verdict === "FAIL").length };
}

export function oauthMarkdownTable(rows: OAuthRow[]): string {
  const header = [
    "scenario",
    "server",
    "concurrency",
    "grants/s",
    "p50 ms",
    "p99 ms",
    "CPU ms/grant",
    "PostgreSQL CPU ms/grant",
    "grants/s per core",
    "ratio (ours/theirs per core)",
    "ratio incl. PostgreSQL",
    "target",
    "errors",
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, index) => (index < 2 ? " --- " : " ---: ")).join("|")}|`];
  for (const row of rows) {
    lines.push(
      `| ${[
        SCENARIO_LABELS[row.scenario],
        SERVER_LABELS[row.server],
        String(row.connections),
        fixed(row.perSecond, 0),
        fixed(row.p50Ms, 1),
        fixed(row.p99Ms, 1),
        fixed(row.cpuMsPerGrant, 2),
        row.server === "oidc-provider-memory" ? "—" : fixed(row.postgresCpuMsPerGrant, 2),
        fixed(row.perCore, 0),
        row.ratio === null ? "—" : formatRatio(row.ratio),
        row.ratioWithPostgres === null ? "—" : formatRatio(row.ratioWithPostgres),
        row.target ? `${row.target.verdict} (${row.target.text})` : "—",
        row.problems.length === 0 ? "0" : row.problems.join("; ").replace(/\|/g, "\\|"),
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}
