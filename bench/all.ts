/**
 * `npm run bench` (`tsx bench/all.ts`): every benchmark of the project, one after the other, then
 * one table of their key numbers with each one's ratio to its baseline in bench/baselines.json.
 *
 *   calendar   bench/calendar.ts: the upcoming feed, warm and cold, against the trivial route
 *   oauth      bench/oauth.ts: our token endpoint and sign-ins against oidc-provider, CPU per grant
 *   membership bench/membership-search-quality.ts: top-1 accuracy of the ranked search, median query time
 *   lighthouse bench/lighthouse.ts: Lighthouse's mobile performance and accessibility of /calendar and /account
 *
 * Each benchmark runs as it would alone and writes its own report to bench/results/; this script reads the
 * JSON it wrote (the newest results file created after it started) and keeps the numbers in METRICS. A
 * benchmark that writes `$BENCH_METRICS_FILE` (set for every run: `{ "metrics": [{ "id", "label", "value",
 * "unit", "better": "higher" | "lower" }] }`) adds its own rows without a change here.
 *
 * Flags: --only calendar,oauth,...   --update-baselines (write this run's numbers as the new baselines)
 *        --report-only (run nothing: the table from each benchmark's newest results in bench/results/)
 * Everything after `--` goes to the load benchmarks, calendar and oauth (e.g. `-- --duration 5 --skip-build`).
 *
 * The ratio is measured ÷ baseline. For a "higher is better" number (requests/s ratios, grants per core)
 * above 1 is better; for a "lower is better" one (ms) below 1 is. The verdict allows ±10% of noise.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const RESULTS_DIR = path.join("bench", "results");
const BASELINES_FILE = path.join("bench", "baselines.json");
const NOISE = 0.1;

export interface Metric {
  id: string;
  label: string;
  value: number | null;
  unit: string;
  better: "higher" | "lower";
}

interface Benchmark {
  name: string;
  file: string;
  /** The results JSON this benchmark writes: matched against names in bench/results/. */
  results: RegExp;
  metrics: (json: Record<string, unknown>) => Metric[];
  /** Takes the load benchmarks' common flags after `--` (--duration, --skip-build, ...). */
  takesLoadFlags?: boolean;
}

interface CalendarRow {
  /** Absent in results from before the embedded database was measured (PostgreSQL only). */
  database?: string;
  configuration: string;
  scenario: string;
  ratio: number;
  serverCpuMsPerRequest: number | null;
  p99Ms: number | null;
  requestsPerSecond: number;
  problems: string[];
}

interface OAuthRow {
  scenario: string;
  server: string;
  connections: number;
  perCore: number | null;
  ratio: number | null;
  cpuMsPerGrant: number | null;
  problems: string[];
}

const SCENARIOS: Record<string, string> = { first: "first page", deep100: "page 100 in", deep: "deep page", filtered: "filtered page", revalidate: "304 revalidation" };

function calendarMetrics(json: Record<string, unknown>): Metric[] {
  const rows = (json.rows ?? []) as CalendarRow[];
  const metrics: Metric[] = [];
  for (const row of rows) {
    // PostgreSQL keeps the ids its baselines were recorded under; the embedded database's carry its name.
    const configuration = row.database === "embedded" ? `embedded.${row.configuration}` : row.configuration;
    const shown = row.database === "embedded" ? `embedded ${row.configuration}` : row.configuration;
    if (row.scenario === "trivial") {
      metrics.push({ id: `calendar.${configuration}.trivial.rps`, label: `calendar ${shown}: trivial route, requests/s`, value: row.requestsPerSecond, unit: "req/s", better: "higher" });
      continue;
    }
    const name = `calendar ${shown}: ${SCENARIOS[row.scenario] ?? row.scenario}`;
    metrics.push({ id: `calendar.${configuration}.${row.scenario}.ratio`, label: `${name}, × trivial route`, value: row.ratio, unit: "×", better: "higher" });
    metrics.push({ id: `calendar.${configuration}.${row.scenario}.cpu`, label: `${name}, server CPU per request`, value: row.serverCpuMsPerRequest, unit: "ms", better: "lower" });
    if (row.p99Ms !== null) metrics.push({ id: `calendar.${configuration}.${row.scenario}.p99`, label: `${name}, p99 at a steady rate`, value: row.p99Ms, unit: "ms", better: "lower" });
  }
  return metrics;
}

const GRANTS: Record<string, string> = {
  client_credentials: "client_credentials",
  refresh_token: "refresh_token",
  device_poll: "device code polls",
  dpop_refresh: "DPoP refresh_token",
  password_sign_in: "password sign-ins",
};

function oauthMetrics(json: Record<string, unknown>): Metric[] {
  const rows = ((json.rows ?? []) as OAuthRow[]).filter((row) => row.server === "ours" && row.scenario !== "trivial");
  const metrics: Metric[] = [];
  for (const row of rows) {
    const name = `oauth: ${GRANTS[row.scenario] ?? row.scenario}${row.scenario === "password_sign_in" ? "" : ` c${row.connections}`}`;
    const id = `oauth.${row.scenario}.c${row.connections}`;
    if (row.scenario === "password_sign_in") {
      metrics.push({ id: `${id}.per_core`, label: `${name}, per core`, value: row.perCore, unit: "/s", better: "higher" });
    } else {
      metrics.push({ id: `${id}.ratio`, label: `${name}, ours ÷ oidc-provider per core`, value: row.ratio, unit: "×", better: "higher" });
      metrics.push({ id: `${id}.cpu`, label: `${name}, server CPU per grant`, value: row.cpuMsPerGrant, unit: "ms", better: "lower" });
    }
  }
  return metrics;
}

/** A benchmark's own metrics file (the $BENCH_METRICS_FILE contract above). */
function metricsFileMetrics(json: Record<string, unknown>): Metric[] {
  return ((json.metrics ?? []) as Metric[]).filter((metric) => typeof metric.id === "string" && (typeof metric.value === "number" || metric.value === null));
}

const BENCHMARKS: Benchmark[] = [
  { name: "calendar", file: "bench/calendar.ts", results: /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/, metrics: calendarMetrics, takesLoadFlags: true },
  { name: "oauth", file: "bench/oauth.ts", results: /-oauth\.json$/, metrics: oauthMetrics, takesLoadFlags: true },
  // Quality, not speed: top-1 accuracy of the ranked search, written through $BENCH_METRICS_FILE.
  { name: "membership", file: "bench/membership-search-quality.ts", results: /-membership\.json$/, metrics: metricsFileMetrics },
  // The pages: Lighthouse's mobile scores of /calendar and /account, written through $BENCH_METRICS_FILE.
  { name: "lighthouse", file: "bench/lighthouse.ts", results: /-lighthouse-metrics\.json$/, metrics: metricsFileMetrics },
];

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function newestResults(pattern: RegExp, since: number): string | null {
  if (!existsSync(RESULTS_DIR)) return null;
  const candidates = readdirSync(RESULTS_DIR)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(RESULTS_DIR, name))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates[0] ?? null;
}

interface Baselines {
  note: string;
  measuredAt: string;
  machine: string;
  metrics: Record<string, { value?: number; unit: string; better: "higher" | "lower"; target?: number }>;
}

function readBaselines(): Baselines {
  return existsSync(BASELINES_FILE) ? (JSON.parse(readFileSync(BASELINES_FILE, "utf8")) as Baselines) : { note: "", measuredAt: "", machine: "", metrics: {} };
}

function format(value: number | null, unit: string): string {
  if (value === null) return "—";
  const digits = unit === "×" ? 2 : value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit === "×" ? "×" : ` ${unit}`}`;
}

function verdict(metric: Metric, baseline: number | undefined): { ratio: number | null; words: string } {
  if (metric.value === null || baseline === undefined || baseline === 0) return { ratio: null, words: baseline === undefined ? "no baseline" : "—" };
  const ratio = metric.value / baseline;
  const better = metric.better === "higher" ? ratio > 1 + NOISE : ratio < 1 - NOISE;
  const worse = metric.better === "higher" ? ratio < 1 - NOISE : ratio > 1 + NOISE;
  return { ratio, words: better ? "better" : worse ? "worse" : "same (±10%)" };
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const only = flag("only")?.split(",");
const reportOnly = process.argv.includes("--report-only");
const forwarded = process.argv.includes("--") ? process.argv.slice(process.argv.indexOf("--") + 1) : [];
const started = Date.now();
const loadBefore = os.loadavg().map((value) => value.toFixed(2)).join(" / ");
mkdirSync(RESULTS_DIR, { recursive: true });

const all: Metric[] = [];
const outcomes: string[] = [];
for (const benchmark of BENCHMARKS) {
  if (only && !only.includes(benchmark.name)) continue;
  if (!existsSync(benchmark.file)) {
    outcomes.push(`${benchmark.name}: skipped (${benchmark.file} is not in this checkout)`);
    continue;
  }
  const metricsFile = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}-${benchmark.name}-metrics.json`);
  const since = reportOnly ? 0 : Date.now();
  let status: number | null = 0;
  if (!reportOnly) {
    const args = benchmark.takesLoadFlags ? forwarded : [];
    console.log(`\n▶ bench: ${benchmark.name} (${[benchmark.file, ...args].join(" ")})`);
    status = spawnSync("npx", ["tsx", benchmark.file, ...args], { stdio: "inherit", env: { ...process.env, BENCH_METRICS_FILE: metricsFile } }).status;
  }
  const source = existsSync(metricsFile) ? metricsFile : newestResults(benchmark.results, since);
  const metrics = source ? (existsSync(metricsFile) ? metricsFileMetrics : benchmark.metrics)(JSON.parse(readFileSync(source, "utf8")) as Record<string, unknown>) : [];
  all.push(...metrics);
  outcomes.push(`${benchmark.name}: ${reportOnly ? "not run" : `exit ${status}`}${source ? `, numbers from ${source}` : ", no results file"}`);
}

const baselines = readBaselines();
const lines = [
  `# Benchmarks, ${new Date(started).toISOString()}`,
  "",
  `- Machine: ${machine()}; load average ${loadBefore} (1/5/15 min) at start, ${os.loadavg().map((value) => value.toFixed(2)).join(" / ")} at the end`,
  `- Baselines: ${BASELINES_FILE}, measured ${baselines.measuredAt || "never"} on ${baselines.machine || "—"}`,
  `- Ratio = measured ÷ baseline; better/worse beyond ±10%; target from the issue where it set one`,
  "",
  "| benchmark and number | measured | baseline | ratio | target | vs baseline |",
  "| --- | ---: | ---: | ---: | ---: | --- |",
];
for (const metric of all) {
  const base = baselines.metrics[metric.id];
  const { ratio, words } = verdict(metric, base?.value);
  const target = base?.target === undefined ? "" : `${metric.better === "higher" ? "≥" : "≤"} ${format(base.target, metric.unit)}${metric.value === null ? "" : (metric.better === "higher" ? metric.value >= base.target : metric.value <= base.target) ? " ✓" : " ✗"}`;
  lines.push(`| ${metric.label} | ${format(metric.value, metric.unit)} | ${base?.value !== undefined ? format(base.value, metric.unit) : "—"} | ${ratio === null ? "—" : `${ratio.toFixed(2)}`} | ${target} | ${words} |`);
}
lines.push("", ...outcomes.map((outcome) => `- ${outcome}`), "");
const markdown = lines.join("\n");
console.log(`\n${markdown}`);
const summaryFile = path.join(RESULTS_DIR, `${new Date(started).toISOString().replace(/[:.]/g, "-")}-all.md`);
writeFileSync(summaryFile, markdown);
console.log(`Written: ${summaryFile}`);

if (process.argv.includes("--update-baselines")) {
  const next: Baselines = {
    note: "Baselines of `npm run bench` (bench/all.ts). Update with `npm run bench -- --update-baselines` after a run on a quiet machine; targets are the issues' own.",
    measuredAt: new Date(started).toISOString(),
    machine: `${machine()}; load average ${loadBefore} at start`,
    metrics: { ...baselines.metrics },
  };
  for (const metric of all) {
    if (metric.value === null) continue;
    next.metrics[metric.id] = { value: Number(metric.value.toPrecision(4)), unit: metric.unit, better: metric.better, ...(baselines.metrics[metric.id]?.target !== undefined && { target: baselines.metrics[metric.id]!.target }) };
  }
  writeFileSync(BASELINES_FILE, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`Baselines written to ${BASELINES_FILE}`);
}
process.exit(outcomes.some((outcome) => /exit [^0]/.test(outcome)) ? 1 : 0);
