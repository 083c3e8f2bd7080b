import "server-only";
import { randomUUID } from "node:crypto";
import type { SqlQuery } from "../db.ts";
import { env } from "../env.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound, tooManyRequests } from "../identity/errors.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { DATA_REQUEST_COLUMNS, dataRequestBodyFromRow, type DataRequestRow } from "./data-request-body.ts";
import { collectExportSections } from "./export-sections.ts";
import { DATA_EXPORT_FORMAT, DATA_REQUEST_STATUS, DATA_REQUEST_TYPE, DataExportSchema, type DataRequest, type DataRequestType } from "./schemas.ts";
import { inTransaction } from "./transaction.ts";

/**
 * An export reads the member's whole history and stores a copy: a few per hour is plenty for a person,
 * and the limit stops a stolen token (or a looping app) from filling the database with copies.
 */
export const EXPORT_LIMIT = { perWindow: 5, windowSeconds: 60 * 60 } as const;

export const DELETION_ALREADY_PENDING = "a deletion of this account is already pending";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Work {
  query: SqlQuery;
  tx: Prisma.TransactionClient;
  userId: string;
  member: { email: string | null; phone: string | null };
  context: RequestContext;
  now: Date;
  /** Outbox messages to deliver once the transaction has committed. */
  afterCommit: string[];
}

/**
 * POST /api/v1/privacy/data-requests/me (decisions.md part 3). The member's account row is locked for
 * the whole transaction, so two requests of one member run one after the other: that is what makes the
 * "one pending deletion" rule and the export limit hold when two arrive at once.
 */
export async function createDataRequest(userId: string, type: DataRequestType, context: RequestContext, now = new Date()): Promise<DataRequest> {
  const afterCommit: string[] = [];
  const created = await inTransaction(async (query, tx) => {
    const [member] = await query<{ email: string | null; phone: string | null }>(`SELECT email, phone FROM account WHERE id = $1::uuid FOR UPDATE`, [userId]);
    if (!member) throw notFound("account");
    const work: Work = { query, tx, userId, member, context, now, afterCommit };
    return type === DATA_REQUEST_TYPE.export ? createExport(work) : createDeletion(work);
  });
  deliverAfterCommit(afterCommit);
  return created;
}

/** Built at once and stored as it was at this moment, so the download is exactly what was asked for. */
async function createExport({ query, tx, userId, member, context, now }: Work): Promise<DataRequest> {
  const [recent] = await query<{ count: number; oldest: Date | string | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM data_request
      WHERE user_id = $1::uuid AND type = 'export' AND created_at > $2::timestamptz`,
    [userId, new Date(now.getTime() - EXPORT_LIMIT.windowSeconds * 1000)],
  );
  if (recent && recent.count >= EXPORT_LIMIT.perWindow && recent.oldest) {
    const retryAfter = (new Date(recent.oldest).getTime() + EXPORT_LIMIT.windowSeconds * 1000 - now.getTime()) / 1000;
    throw tooManyRequests(retryAfter, `at most ${EXPORT_LIMIT.perWindow} exports an hour; try again later`);
  }
  const id = randomUUID();
  const sections = await collectExportSections(query, { userId, email: member.email, phone: member.phone });
  // Checked against the published schema here, when it is built: a stored export is served as it was.
  const document = DataExportSchema.parse({ format: DATA_EXPORT_FORMAT, request_id: id, generated_at: now.toISOString(), ...sections });
  const [row] = await query<DataRequestRow>(
    `INSERT INTO data_request (id, user_id, type, status, export_json, created_at, fulfilled_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::timestamptz, $6::timestamptz)
     RETURNING ${DATA_REQUEST_COLUMNS}`,
    [id, userId, DATA_REQUEST_TYPE.export, DATA_REQUEST_STATUS.fulfilled, JSON.stringify(document, null, 2), now],
  );
  await recordSecurityEvent({ userId, type: "data_export_requested", context, detail: { request_id: id } }, tx);
  return dataRequestBodyFromRow(row!);
}

/** Pending for the grace period (PRIVACY_DELETION_GRACE_DAYS); `npm run privacy:run-deletions` carries it out. */
async function createDeletion({ query, tx, userId, context, now, afterCommit }: Work): Promise<DataRequest> {
  const [pending] = await query<{ id: string }>(
    `SELECT id::text FROM data_request WHERE user_id = $1::uuid AND type = 'deletion' AND status = 'pending' LIMIT 1`,
    [userId],
  );
  if (pending) throw new IdentityError("conflict", DELETION_ALREADY_PENDING);
  const dueAt = new Date(now.getTime() + env().PRIVACY_DELETION_GRACE_DAYS * DAY_MS);
  const [row] = await query<DataRequestRow>(
    `INSERT INTO data_request (user_id, type, status, due_at, created_at)
     VALUES ($1::uuid, $2, $3, $4::timestamptz, $5::timestamptz)
     RETURNING ${DATA_REQUEST_COLUMNS}`,
    [userId, DATA_REQUEST_TYPE.deletion, DATA_REQUEST_STATUS.pending, dueAt, now],
  );
  await recordSecurityEvent({ userId, type: "deletion_requested", context, detail: { request_id: row!.id, due_at: dueAt.toISOString() } }, tx);
  const notice = await enqueueSecurityNotice(tx, { userId, kind: "deletion_requested", context, facts: { dueAt }, now });
  if (notice) afterCommit.push(notice);
  return dataRequestBodyFromRow(row!);
}
