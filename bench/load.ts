/**
 * The two kinds of load the benchmark applies to one URL:
 *
 * - throughput: autocannon, closed loop, N connections each sending its next request as soon as the last
 *   one is answered. Requests/s at saturation.
 * - latency at a steady rate: an open-loop generator that issues one request every 1000/rate ms, on a
 *   keep-alive pool of a few connections, whatever the answers do. autocannon's own `overallRate` is not
 *   steady: each connection fires its whole per-second quota back to back when the second starts and then
 *   idles (autocannon/lib/httpClient.js, `reqsMadeThisSecond`), so at 400 requests/s on 20 connections it
 *   measures bursts of 20 concurrent requests, and its coordinated-omission correction uses an interval
 *   of ceil(1 / rate) = 1 ms instead of 1000 / rate ms, which adds made-up samples. Both distort p50/p99.
 *   `--latency-tool autocannon` still runs it that way, for comparison.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon, { type AutocannonResult } from "autocannon";

export interface Target {
  url: string;
  headers: Record<string, string>;
  /** The status every answer must have (200, or 304 for the revalidation). */
  expectStatus: number;
}

export interface StatusCheck {
  requests: number;
  /** Answers with another status than expected, by status. */
  unexpected: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface ThroughputResult extends StatusCheck {
  tool: "autocannon";
  connections: number;
  durationSeconds: number;
  /** autocannon's mean of its per-second samples. */
  requestsPerSecond: number;
  /** Completed requests / elapsed seconds, a cross-check of the above. */
  requestsPerSecondOverall: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export interface LatencyResult extends StatusCheck {
  tool: "paced" | "autocannon";
  rate: number;
  connections: number;
  durationSeconds: number;
  achievedRate: number;
  /** From the moment the request was issued (queueing for a free connection included) to the last byte. */
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Paced only: from the moment it should have been issued; differs when the generator itself fell behind. */
  latencyFromScheduleMs?: { p50: number; p99: number };
  /** Paced only: how late the generator issued requests (its own event loop on a busy machine). */
  scheduleLagMs?: { p99: number; max: number };
}

function checkAutocannon(result: AutocannonResult, expectStatus: number): StatusCheck {
  const unexpected: Record<string, number> = {};
  let requests = 0;
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    requests += count;
    if (Number(status) !== expectStatus) unexpected[status] = count;
  }
  return { requests, unexpected, errors: result.errors + result.timeouts };
}

/** Closed-loop load at `connections` for `durationSeconds`. */
export async function measureThroughput(target: Target, connections: number, durationSeconds: number): Promise<ThroughputResult> {
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: durationSeconds, timeout: 10 });
  const check = checkAutocannon(result, target.expectStatus);
  const elapsedSeconds = (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
  return {
    tool: "autocannon",
    connections,
    durationSeconds,
    requestsPerSecond: round(result.requests.average, 1),
    requestsPerSecondOverall: round(check.requests / elapsedSeconds, 1),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    ...check,
  };
}

/** autocannon with overallRate, as the issue first described it (bursty, see above). */
export async function measureLatencyWithAutocannon(target: Target, rate: number, connections: number, durationSeconds: number): Promise<LatencyResult> {
  const result = await autocannon({ url: target.url, headers: target.headers, connections, overallRate: rate, duration: durationSeconds, timeout: 10 });
  const check = checkAutocannon(result, target.expectStatus);
  return {
    tool: "autocannon",
    rate,
    connections,
    durationSeconds,
    achievedRate: round(result.requests.average, 1),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    ...check,
  };
}

interface Sample {
  fromIssue: number;
  fromSchedule: number;
}

/** Open-loop load: one request every 1000/rate ms for warm-up + duration seconds; samples of the warm-up are dropped. */
export async function measureLatencyPaced(
  target: Target,
  rate: number,
  connections: number,
  durationSeconds: number,
  warmupSeconds = 1,
): Promise<LatencyResult> {
  const url = new URL(target.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * durationSeconds);
  const samples: Sample[] = [];
  const lags: number[] = [];
  const unexpected: Record<string, number> = {};
  let errors = 0;
  let settled = 0;
  let firstMeasuredAt = 0;
  let lastMeasuredEnd = 0;

  try {
    await new Promise<void>((resolve) => {
      const start = performance.now();
      let issued = 0;
      const issue = (index: number, scheduledAt: number) => {
        const issuedAt = performance.now();
        let finished = false;
        const done = () => {
          if (finished) return;
          finished = true;
          settled++;
          if (settled === total) resolve();
        };
        if (index === warmup) firstMeasuredAt = scheduledAt;
        const request = http.request(
          { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: "GET", headers: target.headers, agent },
          (response) => {
            response.on("data", () => {});
            response.on("end", () => {
              if (finished) return;
              const end = performance.now();
              if (index >= warmup) {
                if (response.statusCode === target.expectStatus) {
                  samples.push({ fromIssue: end - issuedAt, fromSchedule: end - scheduledAt });
                } else {
                  const status = String(response.statusCode);
                  unexpected[status] = (unexpected[status] ?? 0) + 1;
                }
                lastMeasuredEnd = Math.max(lastMeasuredEnd, end);
              }
              done();
            });
            response.on("error", () => {
              if (index >= warmup && !finished) errors++;
              done();
            });
          },
        );
        request.setTimeout(10_000, () => request.destroy(new Error("timeout")));
        request.on("error", () => {
          if (index >= warmup && !finished) errors++;
          done();
        });
        request.end();
      };
      const tick = () => {
        const now = performance.now();
        while (issued < total && start + issued * interval <= now) {
          const scheduledAt = start + issued * interval;
          if (issued >= warmup) lags.push(now - scheduledAt);
          issue(issued, scheduledAt);
          issued++;
        }
        if (issued < total) setTimeout(tick, Math.max(0, start + issued * interval - performance.now()));
      };
      tick();
    });
  } finally {
    agent.destroy();
  }

  const fromIssue = samples.map((sample) => sample.fromIssue).sort((a, b) => a - b);
  const fromSchedule = samples.map((sample) => sample.fromSchedule).sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const measured = total - warmup;
  const elapsed = (lastMeasuredEnd - firstMeasuredAt) / 1000;
  return {
    tool: "paced",
    rate,
    connections,
    durationSeconds,
    achievedRate: round(samples.length / elapsed, 1),
    requests: measured,
    unexpected,
    errors,
    latencyMs: {
      p50: round(percentile(fromIssue, 50), 2),
      p90: round(percentile(fromIssue, 90), 2),
      p99: round(percentile(fromIssue, 99), 2),
      max: round(fromIssue.at(-1) ?? Number.NaN, 2),
    },
    latencyFromScheduleMs: { p50: round(percentile(fromSchedule, 50), 2), p99: round(percentile(fromSchedule, 99), 2) },
    scheduleLagMs: { p99: round(percentile(lags, 99), 2), max: round(lags.at(-1) ?? Number.NaN, 2) },
  };
}

/** Nearest-rank percentile of sorted values; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
