/**
 * CPU time of the PostgreSQL backends that serve one application: the connections whose application_name
 * is the one a server under test sets in its connection string (pg_stat_activity), read from /proc. Those
 * backends run on the same machine, so their CPU is part of what a grant costs; it is reported apart from
 * the server process's. WAL writer, checkpointer and other shared processes are not counted.
 */
import pg from "pg";
import { processesCpuSeconds } from "./server.ts";

export type BackendCpu = Map<number, number>;

export class PostgresCpu {
  private constructor(private readonly client: pg.Client) {}

  static async connect(url: string): Promise<PostgresCpu> {
    const client = new pg.Client({ connectionString: url, application_name: "bench_cpu_sampler" });
    await client.connect();
    return new PostgresCpu(client);
  }

  /** CPU seconds so far of each backend of `applicationName`. */
  async sample(applicationName: string): Promise<BackendCpu> {
    const { rows } = await this.client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [applicationName]);
    return processesCpuSeconds(rows.map((row) => row.pid));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/**
 * CPU seconds the backends used between two samples. A backend that connected in between counts whole; one
 * that disconnected in between is lost (pools keep their connections while loaded, so few if any).
 */
export function backendCpuDelta(before: BackendCpu, after: BackendCpu): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}
