/**
 * Closed-loop load where each connection carries its own state: N workers, each on its own keep-alive
 * connection, each sending its next request as soon as the last one is answered, for a fixed time. The
 * request is built from the worker's state and the answer may change it: a refresh-token chain sends, every
 * time, the refresh token of its previous answer (rotation kills the old one). autocannon cannot: its
 * requests are built ahead of the answers, and its per-connection context is reset every time it loops over
 * the request list (autocannon/lib/requestIterator.js), so a chain would restart from its first token.
 *
 * Latency is measured here from writing the request to its last byte; percentiles are nearest-rank over
 * every answer of the run. A worker stops at its first error or unexpected answer (a broken chain cannot go
 * on: its next request would reuse a dead token and revoke the family), and the run is then invalid.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { percentile, round } from "./load.ts";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Groups its latency apart in `latencyByLabel` (a household's scan and its check-in). */
  label?: string;
}

export interface Scenario {
  /** Requests one grant takes (a passkey sign-in: the challenge, then the answer); default 1. */
  requestsPerGrant?: number;
  /** Worker `worker`'s next request. */
  next(worker: number): LoadRequest;
  /** Checks an answer and updates the worker's state (a DPoP nonce comes in a header); returns what was wrong, or null. */
  check(worker: number, status: number, body: string, headers: http.IncomingHttpHeaders): string | null;
  /** True once worker `worker` has nothing left to send (a burst of a fixed size); it then stops cleanly. */
  done?(worker: number): boolean;
}

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface ClosedLoopResult {
  connections: number;
  durationSeconds: number;
  /** Until the last worker finished: the burst's length when every worker ran out of work first. */
  elapsedSeconds: number;
  /** Answers that passed `check`. */
  ok: number;
  /** ok / (time until the last worker finished). */
  perSecond: number;
  latencyMs: Latency;
  /** The same per request label, with how many answers each label had; empty when no request has one. */
  latencyByLabel: Record<string, Latency & { answers: number }>;
  /** Problems by description (status and body start); connection errors and timeouts included. */
  problems: Record<string, number>;
  /** Workers still running at the end (all of them in a clean run). */
  workersAlive: number;
}

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function send(origin: URL, agent: http.Agent, request: LoadRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body ?? "";
    const outgoing = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path: request.path,
        method: request.method,
        headers: request.method === "POST" ? { ...request.headers, "content-length": String(Buffer.byteLength(body)) } : request.headers,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: response.headers }));
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error("timeout after 15 s")));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Runs `scenario` on `connections` workers for `durationSeconds`; waits for the requests in flight at the end. */
export async function runClosedLoop(origin: string, scenario: Scenario, connections: number, durationSeconds: number): Promise<ClosedLoopResult> {
  const url = new URL(origin);
  const samples: number[] = [];
  const labelled = new Map<string, number[]>();
  const problems: Record<string, number> = {};
  let ok = 0;
  let alive = 0;
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;

  const worker = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    alive++;
    try {
      while (performance.now() < deadline && !scenario.done?.(index)) {
        const request = scenario.next(index);
        const sent = performance.now();
        let problem: string | null;
        try {
          const answer = await send(url, agent, request);
          const took = performance.now() - sent;
          samples.push(took);
          if (request.label !== undefined) {
            const list = labelled.get(request.label) ?? [];
            list.push(took);
            labelled.set(request.label, list);
          }
          problem = scenario.check(index, answer.status, answer.body, answer.headers);
        } catch (error) {
          problem = `connection error: ${(error as Error).message}`;
        }
        if (problem === null) {
          ok++;
        } else {
          problems[problem] = (problems[problem] ?? 0) + 1;
          alive--;
          return;
        }
      }
    } finally {
      agent.destroy();
    }
  };

  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const latencyByLabel: ClosedLoopResult["latencyByLabel"] = {};
  for (const [label, list] of labelled) latencyByLabel[label] = { ...latencyOf(list), answers: list.length };
  return {
    connections,
    durationSeconds,
    elapsedSeconds: round(elapsedSeconds, 3),
    ok,
    perSecond: round(ok / elapsedSeconds, 1),
    latencyMs: latencyOf(samples),
    latencyByLabel,
    problems,
    workersAlive: alive,
  };
}

/** Nearest-rank percentiles of latencies in ms (sorts `samples` in place). */
function latencyOf(samples: number[]): Latency {
  samples.sort((a, b) => a - b);
  return {
    p50: round(percentile(samples, 50), 2),
    p90: round(percentile(samples, 90), 2),
    p99: round(percentile(samples, 99), 2),
    max: round(samples.at(-1) ?? Number.NaN, 2),
  };
}

/** A short description of an unexpected answer, for the problems table: status and the start of the body. */
export function describeAnswer(status: number, body: string): string {
  return `HTTP ${status}: ${body.replace(/\s+/g, " ").slice(0, 160)}`;
}
