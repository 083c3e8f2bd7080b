/**
 * The Node.js options every production server of ours runs with: `npm start` (package.json spells them out,
 * since JSON cannot import; server/node-options.test.ts holds the two together), `npm run demo`, the proofs',
 * the benchmarks' and the browser tests' servers.
 *
 * A 1 GB heap ceiling. V8 sizes how far the old generation may grow before its next full collection from the
 * ceiling: with 2 GB or more (the default on any machine of 8 GB or more: a quarter of its memory, at most
 * 4 GB) it lets the heap reach four times what it holds; under 1 GB, about 1.6 times (MaxGrowingFactor in
 * V8's heap-controller.cc). The app holds 50 to 70 MB, so the ceiling leaves it room many times over, while a
 * long piece of work that makes a lot of short-lived garbage (a 50,000-person import) no longer grows the
 * process by hundreds of megabytes before the collector runs: +229 MB under the default ceiling, +81 MB under
 * this one, in the same time (`npm run bench:import`, docs/decisions/0037-people-import-and-invitations.md).
 * On Vercel the function's memory size sets the ceiling the same way.
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ["--max-old-space-size=1024"];
