import "server-only";
import type { Database } from "../db/database.ts";

export interface OutboxMessageView {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** The language it was written in (null: English). */
  locale: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** The newest messages first: for the development page /dev/outbox only. */
export async function listOutboxMessages(database: Database, limit = 100): Promise<OutboxMessageView[]> {
  return database.prisma.outboxMessage.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      channel: true,
      recipient: true,
      subject: true,
      body: true,
      locale: true,
      createdAt: true,
      sentAt: true,
      attempts: true,
      lastError: true,
    },
  });
}

/** Whether this deployment shows the outbox: in development, or when DEV_OUTBOX=true (test servers). */
export function outboxPageEnabled(config: { NODE_ENV: string; DEV_OUTBOX: boolean }): boolean {
  return config.NODE_ENV === "development" || config.DEV_OUTBOX;
}
