import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, notFound, tooManyRequests } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { DATA_REQUEST_SELECT, dataRequestBody } from "./data-request-body.ts";
import { collectExportSections } from "./export-sections.ts";
import { LONG_TRANSACTION } from "./long-transaction.ts";
import { DATA_EXPORT_FORMAT, DATA_REQUEST_STATUS, DATA_REQUEST_TYPE, DataExportSchema, type DataRequest, type DataRequestType } from "./schemas.ts";
import { lockAccount } from "../users/account-lock.ts";

/**
 * An export reads the member's whole history and stores a copy: a few per hour is plenty for a person,
 * and the limit stops a stolen token (or a looping app) from filling the database with copies.
 */
export const EXPORT_LIMIT = { perWindow: 5, windowSeconds: 60 * 60 } as const;

export const DELETION_ALREADY_PENDING = "a deletion of this account is already pending";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Work {
  /** The transaction's handle. */
  tx: Database;
  userId: string;
  member: { email: string | null; phone: string | null };
  context: RequestContext;
  now: Date;
  /** Outbox messages to deliver once the transaction has committed. */
}

/**
 * POST /api/v1/privacy/data-requests/me (decisions.md part 3). The member's account row is locked for
 * the whole transaction, so two requests of one member run one after the other: that is what makes the
 * "one pending deletion" rule and the export limit hold when two arrive at once.
 */
export async function createDataRequest(database: Database, userId: string, type: DataRequestType, context: RequestContext, now = new Date()): Promise<DataRequest> {
  const created = await database.transaction(async (tx) => {
    const member = await lockAccount(tx, userId);
    if (!member) throw notFound("account");
    const work: Work = { tx, userId, member, context, now };
    return type === DATA_REQUEST_TYPE.export ? createExport(work) : createDeletion(work);
  }, LONG_TRANSACTION);
  return created;
}

/** Built at once and stored as it was at this moment, so the download is exactly what was asked for. */
async function createExport({ tx, userId, member, context, now }: Work): Promise<DataRequest> {
  const recent = await tx.prisma.dataRequest.aggregate({
    where: { userId, type: DATA_REQUEST_TYPE.export, createdAt: { gt: new Date(now.getTime() - EXPORT_LIMIT.windowSeconds * 1000) } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  const oldest = recent._min.createdAt;
  if (recent._count._all >= EXPORT_LIMIT.perWindow && oldest) {
    const retryAfter = (oldest.getTime() + EXPORT_LIMIT.windowSeconds * 1000 - now.getTime()) / 1000;
    throw tooManyRequests(retryAfter, `at most ${EXPORT_LIMIT.perWindow} exports an hour; try again later`);
  }
  const id = randomUUID();
  const sections = await collectExportSections(tx, { userId, email: member.email, phone: member.phone });
  // Checked against the published schema here, when it is built: a stored export is served as it was.
  const document = DataExportSchema.parse({ format: DATA_EXPORT_FORMAT, request_id: id, generated_at: now.toISOString(), ...sections });
  const created = await tx.prisma.dataRequest.create({
    data: {
      id,
      userId,
      type: DATA_REQUEST_TYPE.export,
      status: DATA_REQUEST_STATUS.fulfilled,
      exportJson: JSON.stringify(document, null, 2),
      createdAt: now,
      fulfilledAt: now,
    },
    select: DATA_REQUEST_SELECT,
  });
  await recordSecurityEvent(tx, { userId, type: "data_export_requested", context, detail: { request_id: id } });
  return dataRequestBody(created);
}

/** Pending for the grace period (PRIVACY_DELETION_GRACE_DAYS); `npm run privacy:run-deletions` carries it out. */
async function createDeletion({ tx, userId, context, now }: Work): Promise<DataRequest> {
  const pending = await tx.prisma.dataRequest.findFirst({
    where: { userId, type: DATA_REQUEST_TYPE.deletion, status: DATA_REQUEST_STATUS.pending },
    select: { id: true },
  });
  if (pending) throw new IdentityError("conflict", DELETION_ALREADY_PENDING);
  const dueAt = new Date(now.getTime() + env().PRIVACY_DELETION_GRACE_DAYS * DAY_MS);
  const created = await tx.prisma.dataRequest.create({
    data: { userId, type: DATA_REQUEST_TYPE.deletion, status: DATA_REQUEST_STATUS.pending, dueAt, createdAt: now },
    select: DATA_REQUEST_SELECT,
  });
  await recordSecurityEvent(tx, { userId, type: "deletion_requested", context, detail: { request_id: created.id, due_at: dueAt.toISOString() } });
  await enqueueSecurityNotice(tx, { userId, kind: "deletion_requested", context, facts: { dueAt }, now });
  return dataRequestBody(created);
}
