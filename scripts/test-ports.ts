/**
 * The ports `npm test` listens on. Its servers need five TCP ports, PORT to PORT + 2 for the end-to-end
 * servers and PORT + 10 and + 11 for the proofs, plus one for the fault proof's private PostgreSQL cluster.
 * Set TEST_PORT (and PROOFS_PG_PORT) to choose them; then a port that is taken is named and the run stops
 * before anything starts. Unset, the first block from 3100 whose ports are all free is used, so a run
 * never depends on a fixed port being free, and two runs on one machine do not meet.
 */
import { createServer } from "node:net";

const SERVER_OFFSETS = [0, 1, 2, 10, 11] as const;
const FIRST_TEST_PORT = 3100;
const FIRST_CLUSTER_PORT = 55432;
const CANDIDATES = 40;

/** Whether something already listens on this port (any address: a server on 0.0.0.0 takes 127.0.0.1's too). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function takenOf(ports: number[]): Promise<number[]> {
  const free = await Promise.all(ports.map(portIsFree));
  return ports.filter((_, index) => !free[index]);
}

export interface TestPorts {
  testPort: number;
  clusterPort: number;
}

/** The ports to use, or an error message naming the taken ones when they were chosen by the environment. */
export async function chooseTestPorts(env: NodeJS.ProcessEnv): Promise<TestPorts | { problem: string }> {
  let testPort: number | undefined;
  if (env.TEST_PORT) {
    const chosen = Number(env.TEST_PORT);
    const taken = await takenOf(SERVER_OFFSETS.map((offset) => chosen + offset));
    if (taken.length > 0) return { problem: `TEST_PORT=${chosen}: port ${taken.join(", ")} is taken by another process; stop it or choose another TEST_PORT` };
    testPort = chosen;
  } else {
    for (let candidate = 0; candidate < CANDIDATES && testPort === undefined; candidate++) {
      const base = FIRST_TEST_PORT + candidate * 20;
      if ((await takenOf(SERVER_OFFSETS.map((offset) => base + offset))).length === 0) testPort = base;
    }
    if (testPort === undefined) return { problem: `no free block of ports between ${FIRST_TEST_PORT} and ${FIRST_TEST_PORT + CANDIDATES * 20}; set TEST_PORT` };
  }

  let clusterPort: number | undefined;
  if (env.PROOFS_PG_PORT) {
    clusterPort = Number(env.PROOFS_PG_PORT);
    if (!(await portIsFree(clusterPort))) return { problem: `PROOFS_PG_PORT=${clusterPort} is taken by another process; stop it or choose another` };
  } else {
    for (let candidate = 0; candidate < CANDIDATES && clusterPort === undefined; candidate++) {
      if (await portIsFree(FIRST_CLUSTER_PORT + candidate)) clusterPort = FIRST_CLUSTER_PORT + candidate;
    }
    if (clusterPort === undefined) return { problem: `no free port between ${FIRST_CLUSTER_PORT} and ${FIRST_CLUSTER_PORT + CANDIDATES} for the fault proof's PostgreSQL; set PROOFS_PG_PORT` };
  }
  return { testPort, clusterPort };
}
