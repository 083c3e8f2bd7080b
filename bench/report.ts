/**
 * The benchmark's verdict: ratios to the trivial route, the issue's targets, and the Markdown table.
 */
import type { LatencyResult, StatusCheck, ThroughputResult } from "./load.ts";

export type ConfigurationName = "warm" | "cold";
/** Where the server's data lives: PostgreSQL (DATABASE_URL) or the embedded PGlite (no DATABASE_URL, `npm run demo`). */
export type DatabaseName = "postgres" | "embedded";
export type ScenarioId = "trivial" | "first" | "deep100" | "deep" | "filtered" | "revalidate";

export const SCENARIO_LABELS: Record<ScenarioId, string> = {
  trivial: "trivial route",
  first: "first page",
  deep100: "page 100 in",
  deep: "page ~1,000 in",
  filtered: "filtered page",
  revalidate: "304 revalidation",
};

/** Issue 20's targets, on PostgreSQL and on the embedded database alike. */
export const TARGETS = {
  /** Feed throughput at c50 as a multiple of the trivial Next route's, per configuration. */
  ratio: { warm: 5, cold: 1.5 } satisfies Record<ConfigurationName, number>,
  /** p99 at the steady rate, every feed scenario. */
  p99Ms: 20,
  /** "A deep page as fast as the first": its throughput at least this share of the first page's (10% for noise). */
  deepVsFirst: 0.9,
} as const;

const DEEP_SCENARIOS: readonly ScenarioId[] = ["deep100", "deep"];

export interface ScenarioResult {
  database: DatabaseName;
  configuration: ConfigurationName;
  scenario: ScenarioId;
  path: string;
  headers: Record<string, string>;
  status: number;
  bytes: number;
  /** CPU time of the server's processes during the c50 run, per request answered; null without /proc. */
  serverCpuMsPerRequest: number | null;
  throughput: ThroughputResult;
  /** Absent for the second trivial run (throughput only). */
  latency?: LatencyResult;
}

export interface ConfigurationResult {
  database: DatabaseName;
  name: ConfigurationName;
  cacheSeconds: number;
  /** Trivial route req/s at c50, measured first and last; the reference is their mean. */
  trivialBefore: number;
  trivialAfter: number;
  scenarios: ScenarioResult[];
  /**
   * "A deep page as fast as the first", measured side by side: short c50 runs of the first page and the deep
   * pages in turn, the order reversed every round, requests summed per page. Two separate 10 s runs of one URL
   * differ by up to 10% on a 2-core machine, which is the target's whole margin. `firstAgain`: the first page's
   * requests in a second run of it in every round, the control (absent in results written before it was kept).
   */
  deepPaired?: { rounds: number; seconds: number; requests: Partial<Record<ScenarioId, number>>; firstAgain?: number };
  serverLog: string;
  serverErrorLines: string[];
}

export type Verdict = "PASS" | "FAIL" | "n/a";

export interface Row {
  database: DatabaseName;
  configuration: ConfigurationName;
  scenario: ScenarioId;
  requestsPerSecond: number;
  ratio: number;
  serverCpuMsPerRequest: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  achievedRate: number | null;
  ratioTarget: { min: number; verdict: Verdict } | null;
  p99Target: Verdict | null;
  deepVsFirst: { ratio: number; verdict: Verdict } | null;
  problems: string[];
}

function describeProblems(label: string, check: StatusCheck): string[] {
  const problems: string[] = [];
  for (const [status, count] of Object.entries(check.unexpected)) problems.push(`${label}: ${count}× HTTP ${status}`);
  if (check.errors > 0) problems.push(`${label}: ${check.errors} errors/timeouts`);
  return problems;
}

export function reference(configuration: ConfigurationResult): number {
  return (configuration.trivialBefore + configuration.trivialAfter) / 2;
}

export function buildRows(configurations: ConfigurationResult[]): Row[] {
  const rows: Row[] = [];
  for (const configuration of configurations) {
    const trivial = reference(configuration);
    const first = configuration.scenarios.find((result) => result.scenario === "first" && result.latency);
    for (const result of configuration.scenarios) {
      if (!result.latency) continue; // the second trivial run only feeds the reference
      const isTrivial = result.scenario === "trivial";
      const requestsPerSecond = isTrivial ? trivial : result.throughput.requestsPerSecond;
      const ratio = requestsPerSecond / trivial;
      const problems = [...describeProblems("c50", result.throughput), ...describeProblems("steady", result.latency)];
      if (isTrivial) {
        const second = configuration.scenarios.find((other) => other.scenario === "trivial" && !other.latency);
        if (second) problems.push(...describeProblems("c50 (second trivial run)", second.throughput));
      }
      const minRatio = TARGETS.ratio[configuration.name];
      const clean = problems.length === 0;
      rows.push({
        database: configuration.database,
        configuration: configuration.name,
        scenario: result.scenario,
        requestsPerSecond,
        ratio,
        serverCpuMsPerRequest: result.serverCpuMsPerRequest,
        p50Ms: result.latency.latencyMs.p50,
        p99Ms: result.latency.latencyMs.p99,
        achievedRate: result.latency.achievedRate,
        ratioTarget: isTrivial ? null : { min: minRatio, verdict: clean && ratio >= minRatio ? "PASS" : "FAIL" },
        p99Target: isTrivial ? null : clean && result.latency.latencyMs.p99 <= TARGETS.p99Ms ? "PASS" : "FAIL",
        deepVsFirst:
          DEEP_SCENARIOS.includes(result.scenario) && first
            ? (() => {
                const paired = configuration.deepPaired?.requests;
                const share =
                  paired?.first && paired[result.scenario] !== undefined
                    ? (paired[result.scenario] as number) / paired.first
                    : result.throughput.requestsPerSecond / first.throughput.requestsPerSecond;
                return { ratio: share, verdict: clean && share >= TARGETS.deepVsFirst ? ("PASS" as const) : ("FAIL" as const) };
              })()
            : null,
        problems,
      });
    }
  }
  return rows;
}

export function tally(rows: Row[]): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const row of rows) {
    for (const verdict of [row.ratioTarget?.verdict, row.p99Target, row.deepVsFirst?.verdict]) {
      if (verdict === "PASS") passed++;
      if (verdict === "FAIL") failed++;
    }
  }
  return { passed, failed };
}

export const fixed = (value: number | null, digits: number) => (value === null || Number.isNaN(value) ? "—" : value.toFixed(digits));
/** Ratios are rounded down, so that a shown 0.90 always meets a ≥ 0.90 target. */
export const ratio = (value: number) => (Number.isNaN(value) ? "—" : (Math.floor(value * 100) / 100).toFixed(2));

export function markdownTable(rows: Row[], rate: number, connections: number): string {
  const header = [
    "database",
    "configuration",
    "scenario",
    `req/s @c${connections}`,
    "ratio to trivial",
    "server CPU ms/req",
    `p50 @${rate} rps`,
    `p99 @${rate} rps`,
    "achieved rps",
    "throughput target",
    `p99 ≤ ${TARGETS.p99Ms} ms`,
    `deep ≥ ${TARGETS.deepVsFirst.toFixed(2)} × first`,
    "errors",
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, index) => (index < 3 ? " --- " : " ---: ")).join("|")}|`];
  for (const row of rows) {
    lines.push(
      `| ${[
        row.database,
        row.configuration,
        SCENARIO_LABELS[row.scenario],
        fixed(row.requestsPerSecond, 0),
        ratio(row.ratio),
        fixed(row.serverCpuMsPerRequest, 2),
        `${fixed(row.p50Ms, 1)} ms`,
        `${fixed(row.p99Ms, 1)} ms`,
        fixed(row.achievedRate, 0),
        row.ratioTarget ? `${row.ratioTarget.verdict} (≥ ${row.ratioTarget.min.toFixed(1)})` : "—",
        row.p99Target ?? "—",
        row.deepVsFirst ? `${row.deepVsFirst.verdict} (${ratio(row.deepVsFirst.ratio)})` : "—",
        row.problems.length === 0 ? "0" : row.problems.join("; "),
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}
