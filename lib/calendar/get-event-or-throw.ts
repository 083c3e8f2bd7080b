import { db } from "../db.ts";
import { env } from "../env.ts";
import { eventNotFound } from "./errors.ts";
import { publicEventWhere } from "./public-event-filter.ts";
import type { EventDetail } from "./schemas.ts";
import { calendarEventSelect, toCalendarEvent } from "./to-calendar-event.ts";

/** No id or slug is longer; a longer key is answered without asking the database. */
const MAX_KEY_LENGTH = 200;

/**
 * One public event by its id or its slug, with its ministry and campus. Drafts and non-public events are
 * "not found", exactly like ids that never existed, so the API never reveals that they exist.
 */
export async function getEventOrThrow(eventIdOrSlug: string): Promise<EventDetail> {
  if (eventIdOrSlug.length > MAX_KEY_LENGTH) throw eventNotFound();
  const prisma = await db();
  const row = await prisma.event.findFirst({
    where: {
      ...publicEventWhere,
      ...(eventIdOrSlug.startsWith("evt_") ? { id: eventIdOrSlug } : { slug: eventIdOrSlug }),
    },
    select: {
      ...calendarEventSelect,
      ministry: { select: { id: true, name: true } },
      campus: { select: { id: true, name: true } },
    },
  });
  if (!row) throw eventNotFound();
  return {
    event: toCalendarEvent(row, env().ASSET_URL),
    ...(row.ministry && { ministry: { ministryId: row.ministry.id, name: row.ministry.name } }),
    ...(row.campus && { campus: { campusId: row.campus.id, name: row.campus.name } }),
  };
}
