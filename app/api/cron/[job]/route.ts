import { env } from "@/lib/env";
import { constantTimeEqual } from "@/lib/crypto/tokens";
import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { IdentityError, invalidToken } from "@/lib/identity/errors";
import { logLine } from "@/lib/log/json-log";
import { SCHEDULED_JOBS, isScheduledJob } from "@/lib/system/scheduled-jobs";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";
// A deletion run may take a while on a big backlog; Vercel's default function limit is shorter.
export const maxDuration = 300;

// GET /api/cron/{job} - run one scheduled job (Vercel Cron, `Authorization: Bearer $CRON_SECRET`); 404 without CRON_SECRET
export const GET = publicIdentityRoute(async (request, database) => {
  const secret = env().CRON_SECRET;
  const job = new URL(request.url).pathname.split("/").at(-1) ?? "";
  if (!secret || !isScheduledJob(job)) throw new IdentityError("not_found", "no such route");
  const presented = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!constantTimeEqual(presented, secret)) throw invalidToken("the cron secret is missing or wrong");
  const started = performance.now();
  const result = await SCHEDULED_JOBS[job](database);
  logLine("info", "scheduled job done", { job, ...result, durationMs: Math.round(performance.now() - started) });
  return identityJson({ job, result });
});

// POST, PUT, PATCH, DELETE /api/cron/{job} - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
