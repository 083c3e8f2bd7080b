/**
 * What `npm test`'s wall time means depends on the machine: the same commit's suites ran 1.6–1.8× slower on
 * one 2-core machine than on another (issue 37's closing notes). So the totals carry two readings of the
 * machine: its speed on one core, before anything starts, and how busy its cores were over the run. A run
 * compared with another is compared with both.
 */
import { cpus } from "node:os";

/**
 * A JSON document of about 1 MiB read and written again for about a second, on one core: MiB/s (higher is
 * faster). Plain JavaScript, like most of the suite's work (tsc, eslint, Next, the server), and no hardware
 * instruction of one processor's.
 */
export function singleCoreSpeed(): number {
  const document = JSON.stringify(Array.from({ length: 8_000 }, (_, index) => ({ id: index, name: `member ${index}`, tags: ["a", "b", String(index % 7)], at: index * 1.5 })));
  const mebibytes = Buffer.byteLength(document) / (1024 * 1024);
  const started = performance.now();
  let rounds = 0;
  while (performance.now() - started < 1_000) {
    JSON.stringify(JSON.parse(document));
    rounds += 1;
  }
  return Math.round((rounds * mebibytes * 1_000) / (performance.now() - started));
}

interface CpuTimes {
  busy: number;
  total: number;
}

/** Every core's time since boot, busy and in all (milliseconds). */
export function cpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** The share of the machine's CPU time that was busy between two readings, in percent. */
export function busyPercent(from: CpuTimes, to: CpuTimes): number {
  const total = to.total - from.total;
  return total > 0 ? Math.round((100 * (to.busy - from.busy)) / total) : 0;
}
