/**
 * `npm run bench:import` (issue 40): a Planning Center–style file of 50,000 people (households of one to five,
 * mobile and home phones, emails, birth dates, addresses) imported into an empty register on PostgreSQL and on
 * the embedded database, then the same file again (nothing to change). For each: the preview's time, the
 * import's, the re-import's (preview and run), and the process's resident memory before and at its peak (the
 * kernel's high-water mark since the baseline), so a file read whole into memory would show. Each database
 * runs in a child process of its own, started as the server is (SERVER_NODE_OPTIONS), so one's memory cannot
 * hide in the other's.
 *
 * Targets (issue 40): the import in at most 60 s on PostgreSQL and 120 s embedded on a 2-core machine, memory
 * growing by at most 150 MB, the re-import (preview and run) in at most half the first's; then 10,000
 * invitations queued (each one's row and email in the outbox) in at most 10 s.
 *
 * Flags: --people N (50000)  --databases postgres,embedded
 * Env:   BENCH_IMPORT_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/church_bench_import): dropped and made again.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SERVER_NODE_OPTIONS } from "../server/node-options.ts";
import { BENCH_APP_SECRET, databaseUrls, recreateDatabase } from "./dataset.ts";
import { describeMachine, machineFacts, positiveInteger, runBenchmark, writeResults } from "./run.ts";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/church_bench_import";
const TARGET_SECONDS = { postgres: 60, embedded: 120 } as const;
const TARGET_MEMORY_MB = 150;

type BenchDatabase = keyof typeof TARGET_SECONDS;

interface Run {
  database: BenchDatabase;
  people: number;
  fileMb: number;
  previewSeconds: number;
  importSeconds: number;
  reimportPreviewSeconds: number;
  reimportSeconds: number;
  created: number;
  unchanged: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Whether the peak is the kernel's high-water mark since the baseline (Linux), or only the sampler's. */
  highWaterMarkReset: boolean;
  /** The JavaScript heap in use, before and at its peak: what the import holds, apart from how the engine grows the process. */
  heapBeforeMb: number;
  heapPeakMb: number;
  /** The heap in use after a full collection once the first import is done: what it keeps. */
  heapAfterImportMb: number;
  invitations: number;
  invitationSeconds: number;
}

const FIRST = ["Maria", "James", "Ana", "John", "Grace", "Samuel", "Ruth", "David", "Esther", "Daniel", "Sofia", "Kwame", "Mei", "Luis", "Amara", "Noah"];
const LAST = ["Okafor", "Smith", "García", "Nguyen", "Johnson", "Mensah", "Kowalski", "Brown", "Lindqvist", "Silva", "Kim", "O'Brien", "Müller", "Haddad"];

const DAY_MS = 86_400_000;

/**
 * A birth date spread as a register's are (an adult's over 50 years, a child's over 15), as MM/DD/YYYY: few
 * people share one, so matching by birth date looks at a handful of records, as it does in a real church.
 */
function birthDate(person: number, adult: boolean): string {
  const from = Date.UTC(adult ? 1950 : 2008, 0, 1);
  const date = new Date(from + ((person * 7919) % ((adult ? 50 : 15) * 365)) * DAY_MS);
  return `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCDate()).padStart(2, "0")}/${date.getUTCFullYear()}`;
}

/** The file, made the same every time: a household's people share its id, name, address and home phone. */
function planningCenterFile(people: number, firstId = 100000): string {
  const lines = ["Person ID,First Name,Last Name,Nickname,Birthdate,Email,Mobile Phone Number,Home Phone Number,Home Address Street Line 1,Home Address City,Household ID,Household Name,Household Primary Contact"];
  let person = 0;
  let household = 0;
  while (person < people) {
    household += 1;
    const size = 1 + (household % 5);
    const last = LAST[household % LAST.length]!;
    const home = `(617) 555-${String(1000 + (household % 9000)).padStart(4, "0")}`;
    for (let member = 0; member < size && person < people; member += 1, person += 1) {
      const first = FIRST[(person * 7) % FIRST.length]!;
      const birth = birthDate(person, member < 2);
      const email = member < 2 ? `${first.toLowerCase()}.${household}.${member}@example.org` : "";
      const mobile = member < 2 ? `617-55${String(person % 10)}-${String(person % 10000).padStart(4, "0")}` : "";
      lines.push([firstId + person, first, `"${last}"`, "", birth, email, mobile, home, `"${household} Harbor Street"`, "Boston", `H${household}`, `"The ${last} Household"`, member === 0 ? "true" : "false"].join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The kernel's high-water mark of this process's resident memory (Linux: VmHWM), reset to what it holds now,
 * so the peak read later is the import's and not the start's (the embedded database's start, creating and
 * migrating it, peaks far above where it settles). Answers false where it cannot be reset: then only the
 * sampler reads the peak, and it misses what happens while the embedded database works in this thread.
 */
function resetResidentHighWaterMark(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

function residentHighWaterMarkMb(): number | null {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return kilobytes === undefined ? null : Number(kilobytes) / 1024;
  } catch {
    return null;
  }
}

/** A full collection, when the process was started with --expose-gc (the bench's children are). */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** In the child process: one database, measured. */
async function measure(database: BenchDatabase, people: number): Promise<Run> {
  const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
  const { createPeopleImport } = await import("../lib/people-import/preview-people-import.ts");
  const { continuePeopleImport, startPeopleImport } = await import("../lib/people-import/run-people-import.ts");
  const { getPeopleImportOrThrow } = await import("../lib/people-import/people-import-answer.ts");
  const { inviteRecords } = await import("../lib/invitations/send-invitations.ts");
  const db = await openDatabase();
  const bytes = new TextEncoder().encode(planningCenterFile(people));
  // Warmed up first with a file of a few people, so the baseline holds the connections and the code, not the file.
  const warmUp = await createPeopleImport(db, { fileName: "warm-up.csv", bytes: new TextEncoder().encode(planningCenterFile(20, 900000)), actorId: null });
  await db.transaction((tx) => startPeopleImport(tx, warmUp, { inBackground: false }));
  await continuePeopleImport(db, warmUp);
  collectGarbage();
  const highWaterMarkReset = resetResidentHighWaterMark();
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const heapBeforeMb = process.memoryUsage().heapUsed / 1024 / 1024;
  let peak = rssBeforeMb;
  let heapPeak = heapBeforeMb;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss / 1024 / 1024);
    heapPeak = Math.max(heapPeak, usage.heapUsed / 1024 / 1024);
  }, 100);
  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await work();
    return [result, (performance.now() - started) / 1000];
  };
  const once = async () => {
    const [id, previewSeconds] = await timed(() => createPeopleImport(db, { fileName: "bench.csv", bytes, actorId: null }));
    const [, importSeconds] = await timed(async () => {
      await db.transaction((tx) => startPeopleImport(tx, id, { inBackground: false }));
      if (!(await continuePeopleImport(db, id))) throw new Error("the import did not finish");
    });
    return { previewSeconds, importSeconds, answer: await getPeopleImportOrThrow(db, id) };
  };
  try {
    const first = await once();
    collectGarbage();
    const heapAfterImportMb = process.memoryUsage().heapUsed / 1024 / 1024;
    const second = await once();
    if (second.answer.created !== 0 || second.answer.updated !== 0) throw new Error(`the re-import changed ${second.answer.created} + ${second.answer.updated} records`);
    // 10,000 invitations queued: the invitations and their emails in the outbox, in one staff write.
    const office = await db.prisma.user.create({ data: { email: "office@bench.example", givenName: "Office", familyName: "Bench" }, select: { id: true } });
    const invited = (await db.query<{ id: string }>(`SELECT id FROM membership_record WHERE email IS NOT NULL ORDER BY id LIMIT 10000`)).map((row) => row.id);
    const [outcome, invitationSeconds] = await timed(() => db.transaction((tx) => inviteRecords(tx, { recordIds: invited }, office.id), { timeout: 120_000 }));
    return {
      database,
      people,
      fileMb: bytes.length / 1024 / 1024,
      previewSeconds: first.previewSeconds,
      importSeconds: first.importSeconds,
      reimportPreviewSeconds: second.previewSeconds,
      reimportSeconds: second.importSeconds,
      created: first.answer.created,
      unchanged: second.answer.unchanged,
      rssBeforeMb,
      // The kernel's high-water mark too, since the baseline: the embedded database works in this thread, and
      // while a batch runs the sampler's timer may not fire.
      rssPeakMb: Math.max(peak, (highWaterMarkReset ? residentHighWaterMarkMb() : null) ?? peak),
      highWaterMarkReset,
      heapBeforeMb,
      heapPeakMb: heapPeak,
      heapAfterImportMb,
      invitations: outcome.invited,
      invitationSeconds,
    };
  } finally {
    clearInterval(sampler);
    await closeDatabase();
  }
}

const { values } = parseArgs({ options: { people: { type: "string", default: "50000" }, databases: { type: "string", default: "postgres,embedded" }, child: { type: "string" } } });
const people = positiveInteger("people", values.people!, 1_000_000);

if (values.child) {
  const run = await measure(values.child as BenchDatabase, people);
  process.stdout.write(`\n@@RUN ${JSON.stringify(run)}\n`);
  process.exit(0);
}

await runBenchmark("import", async () => {
  const runs: Run[] = [];
  const databases = values.databases!.split(",").map((name) => name.trim()) as BenchDatabase[];
  for (const database of databases) {
    const env: NodeJS.ProcessEnv = { ...process.env, APP_SECRET: BENCH_APP_SECRET, SEED_DEMO_DATA: "false", CHURCH_COUNTRY: "US" };
    let folder: string | null = null;
    if (database === "postgres") {
      const urls = databaseUrls("BENCH_IMPORT_DATABASE_URL", DEFAULT_DATABASE_URL);
      await recreateDatabase(urls);
      env.DATABASE_URL = urls.url;
    } else {
      folder = mkdtempSync(path.join(tmpdir(), "church-bench-import-"));
      env.DATABASE_URL = "";
      env.PGLITE_DATA_DIR = folder;
    }
    console.log(`\n▶ ${database}: ${people} people`);
    // As the server runs (SERVER_NODE_OPTIONS: its heap ceiling); --expose-gc: the child collects garbage before
    // its baseline and after the import, so what the import keeps is told apart from what it has not yet freed.
    const child = spawnSync(process.execPath, [...SERVER_NODE_OPTIONS, "--expose-gc", "--conditions=react-server", "--import", "tsx", "bench/import.ts", "--child", database, "--people", String(people)], { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (folder) rmSync(folder, { recursive: true, force: true });
    const line = child.stdout.split("\n").find((text) => text.startsWith("@@RUN "));
    if (child.status !== 0 || !line) throw new Error(`${database}: the measuring process failed\n${child.stderr.slice(-2000)}`);
    const run = JSON.parse(line.slice("@@RUN ".length)) as Run;
    runs.push(run);
    console.log(
      `  preview ${run.previewSeconds.toFixed(1)} s, import ${run.importSeconds.toFixed(1)} s (target ${TARGET_SECONDS[database]} s), ` +
        `re-import ${run.reimportPreviewSeconds.toFixed(1)} + ${run.reimportSeconds.toFixed(1)} s, ${run.invitations} invitations queued in ${run.invitationSeconds.toFixed(1)} s, RSS ${run.rssBeforeMb.toFixed(0)} → ${run.rssPeakMb.toFixed(0)} MB (+${(run.rssPeakMb - run.rssBeforeMb).toFixed(0)}, at most +${TARGET_MEMORY_MB}${run.highWaterMarkReset ? "" : "; sampled only"}), heap in use ${run.heapBeforeMb.toFixed(0)} → ${run.heapPeakMb.toFixed(0)} MB at most, ${run.heapAfterImportMb.toFixed(0)} MB kept after the import`,
    );
  }
  const rows = runs.map((run) => {
    const growth = run.rssPeakMb - run.rssBeforeMb;
    // Like with like: the file previewed and imported, the first time and again.
    const reimport = run.reimportPreviewSeconds + run.reimportSeconds;
    const first = run.previewSeconds + run.importSeconds;
    return `| ${run.database} | ${run.people} (${run.fileMb.toFixed(1)} MB) | ${run.previewSeconds.toFixed(1)} s | ${run.importSeconds.toFixed(1)} s (≤ ${TARGET_SECONDS[run.database]}) | ${reimport.toFixed(1)} s (${((reimport / first) * 100).toFixed(0)}% of the first preview + import) | +${growth.toFixed(0)} MB (≤ ${TARGET_MEMORY_MB}) | ${run.invitations} in ${run.invitationSeconds.toFixed(1)} s (≤ 10) |`;
  });
  const markdown = [
    `# bench:import`,
    "",
    describeMachine(),
    "",
    "| database | people (file) | preview | import | re-import (preview + run) | memory | invitations queued |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  mkdirSync(path.join("bench", "results"), { recursive: true });
  writeResults(path.join("bench", "results", `${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}Z-import`), markdown, { machine: machineFacts(), runs });
});
