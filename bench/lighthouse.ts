/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, in Debian's chromium) on the portal's /calendar,
 * /account and the church office's /admin with its default mobile profile (Moto G Power, slow 4G, 4× CPU
 * slowdown, simulated), against the production build (`npm run build` first) on a fresh PostgreSQL database
 * with the demo data.
 *
 * /account needs a signed-in member and /admin a member of staff: a Playwright browser signs member@ (and
 * staff@, with its two-step code) in through the portal's real flow, and its cookies go to Lighthouse as a
 * Cookie header (Lighthouse clears storage before each run, so cookies set in its own browser would be gone; a
 * header is sent on every request regardless).
 *
 * Each page is measured --runs times (default 3); the table shows the median performance score (Lighthouse's
 * own advice for variance) and the worst of every other category. Failing accessibility audits and the
 * biggest performance costs are listed under the table. Writes bench/results/<time>-lighthouse.json and,
 * under bench/all.ts, its rows through $BENCH_METRICS_FILE.
 *
 * Flags: --runs N   --port P (default 3130)   --keep-server (leave it running to look at it)
 * Env:   LIGHTHOUSE_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/church_bench_lighthouse;
 *        dropped and recreated, so its name must contain "bench"), CHROMIUM_PATH (default /usr/bin/chromium)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { generate } from "otplib";
import { DEMO_TOTP_SECRET } from "../lib/demo/seed-identity.ts";
import { ADMIN_DATABASE_URL } from "../scripts/proofs/support/config.ts";
import { cleanUpNow, prepareDatabase, startServer } from "../scripts/proofs/support/servers.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, port: { type: "string", default: "3130" }, "keep-server": { type: "boolean", default: false } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const databaseUrl = process.env.LIGHTHOUSE_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/church_bench_lighthouse";
const baseUrl = `http://127.0.0.1:${port}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 100 };
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

process.on("exit", cleanUpNow);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

interface PageRun {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  /** Audits that failed in the scored categories other than performance, as `category › id: title`. */
  failedAudits: string[];
  costs: string[];
}

/** The portal's cookies after a real sign-in through the authorization server's pages (with the two-step code for staff). */
async function signedInCookieHeader(email: string, totpSecret?: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROME_FLAGS.filter((flag) => flag !== "--headless=new") });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/portal/sign-in?callbackUrl=%2Faccount`);
    await page.waitForURL(/\/sign-in\?request=/);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("demo-password");
    await page.locator('input[name="password"]').press("Enter");
    if (totpSecret) {
      await page.waitForURL(/\/sign-in\/second-factor/);
      // A fresh database: no step of this account's code was used yet, so the current one is good.
      await page.locator('input[name="code"]').fill(await generate({ secret: totpSecret }));
      await page.locator('input[name="code"]').press("Enter");
    }
    await page.waitForURL(/\/account$/);
    const cookies = await page.context().cookies(baseUrl);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

async function measure(url: string, cookieHeader: string | null): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookieHeader && { extraHeaders: { Cookie: cookieHeader } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
    const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<Category, number>;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failedAudits = CATEGORIES.filter((category) => category !== "performance").flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category} › ${ref.id}: ${lhr.audits[ref.id]?.title}`),
    );
    const costs = Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === "opportunity" && (audit.numericValue ?? 0) > 0)
      .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
      .slice(0, 4)
      .map((audit) => `${audit.id}: ${audit.displayValue ?? ""}`);
    return {
      scores,
      metrics: {
        fcpMs: metric("first-contentful-paint"),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        speedIndexMs: metric("speed-index"),
        // Lighthouse's reading of this machine's CPU: its simulated throttling scales from it, so a slower host
        // scores lower on the same page. Compare runs on different machines only with it beside them.
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
      failedAudits,
      costs,
    };
  } finally {
    chrome.kill();
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log(`Lighthouse ${runs}× per page, mobile profile, against ${baseUrl}`);
prepareDatabase(databaseUrl, ADMIN_DATABASE_URL, baseUrl);
const server = await startServer({ name: "lighthouse", port, databaseUrl });
const report: Record<string, { runs: PageRun[]; median: Record<Category, number> & Record<string, number> }> = {};
try {
  const cookies: Record<string, string | null> = {
    "/calendar": null,
    "/account": await signedInCookieHeader("member@example.org"),
    "/admin": await signedInCookieHeader("staff@example.org", DEMO_TOTP_SECRET),
  };
  for (const [pagePath, cookieHeader] of Object.entries(cookies)) {
    // One unmeasured load first: Next compiles nothing in production, but the server's own caches warm.
    await fetch(`${baseUrl}${pagePath}`, { headers: cookieHeader ? { Cookie: cookieHeader } : {} }).then((response) => response.arrayBuffer());
    const pageRuns: PageRun[] = [];
    for (let run = 0; run < runs; run += 1) pageRuns.push(await measure(`${baseUrl}${pagePath}`, cookieHeader));
    const medianRun = pageRuns.find((candidate) => candidate.scores.performance === median(pageRuns.map((each) => each.scores.performance)))!;
    report[pagePath] = {
      runs: pageRuns,
      median: {
        ...medianRun.metrics,
        performance: medianRun.scores.performance,
        accessibility: Math.min(...pageRuns.map((each) => each.scores.accessibility)),
        "best-practices": Math.min(...pageRuns.map((each) => each.scores["best-practices"])),
        seo: Math.min(...pageRuns.map((each) => each.scores.seo)),
      },
    };
  }
} finally {
  if (!values["keep-server"]) await server.stop();
}

const lines = ["| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"];
for (const [pagePath, { median: m }] of Object.entries(report)) {
  const mark = (category: Category) => `${m[category]}${TARGETS[category] === undefined ? "" : m[category] >= TARGETS[category]! ? " ✓" : " ✗"}`;
  lines.push(
    `| ${pagePath} | ${mark("performance")} | ${mark("accessibility")} | ${m["best-practices"]} | ${m.seo} | ${(m.fcpMs! / 1000).toFixed(1)} s | ${(m.lcpMs! / 1000).toFixed(1)} s | ${Math.round(m.tbtMs!)} ms | ${m.cls!.toFixed(3)} |`,
  );
}
const benchmarkIndexes = Object.values(report).flatMap((entry) => entry.runs.map((each) => each.metrics.benchmarkIndex!));
console.log(`\nThis machine's Lighthouse benchmark index: ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)} (higher is faster; the simulated mobile CPU scales from it).`);
console.log(`\n${lines.join("\n")}\n\nPerformance: the median of ${runs} runs (scores ${Object.entries(report).map(([p, r]) => `${p} ${r.runs.map((each) => each.scores.performance).join("/")}`).join(", ")}); other categories: the worst run. Targets: performance ≥ 95, accessibility 100.`);
for (const [pagePath, { runs: pageRuns }] of Object.entries(report)) {
  const failed = [...new Set(pageRuns.flatMap((each) => each.failedAudits))];
  if (failed.length > 0) console.log(`\n${pagePath} audits that failed (accessibility, best practices, SEO):\n  ${failed.join("\n  ")}`);
  const costs = pageRuns[0]!.costs;
  if (costs.length > 0) console.log(`\n${pagePath} biggest performance opportunities (first run):\n  ${costs.join("\n  ")}`);
}

mkdirSync(path.join("bench", "results"), { recursive: true });
const file = path.join("bench", "results", `${new Date().toISOString().replace(/[:.]/g, "-")}-lighthouse.json`);
writeFileSync(file, JSON.stringify({ runs, baseUrl, report }, null, 2));
console.log(`\nWritten: ${file}`);
if (process.env.BENCH_METRICS_FILE) {
  const metrics = Object.entries(report).flatMap(([pagePath, { median: m }]) => [
    { id: `lighthouse.${pagePath.slice(1)}.performance`, label: `Lighthouse mobile ${pagePath}: performance (median)`, value: m.performance, unit: "points", better: "higher" },
    { id: `lighthouse.${pagePath.slice(1)}.accessibility`, label: `Lighthouse mobile ${pagePath}: accessibility`, value: m.accessibility, unit: "points", better: "higher" },
  ]);
  writeFileSync(process.env.BENCH_METRICS_FILE, JSON.stringify({ metrics }, null, 2));
}
process.exit(0);
