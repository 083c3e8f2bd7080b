import "server-only";
import type { Database } from "../db/database.ts";
import { getStaffEventOrThrow } from "./get-staff-event-or-throw.ts";
import { newCalendarId } from "./new-calendar-id.ts";
import { kebab } from "./kebab-case.ts";
import { checkEventReferences, eventDetailColumns, instantsOrThrow, withSlugConflict } from "./staff-event-fields.ts";
import type { AdminEvent, CreateEventBody } from "./staff-schemas.ts";
import { queueEventWebhook } from "../webhooks/queue-webhook.ts";

/** An event title's slug words, at most 90 characters, never ending in a dash. */
function titleWords(title: string): string {
  return kebab(title).slice(0, 90).replace(/-+$/g, "");
}

async function freeSlug(tx: Database, title: string, startDate: string): Promise<string> {
  const base = `${titleWords(title) || "event"}-${startDate}`;
  const taken = new Set(
    (await tx.prisma.event.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter += 1) if (!taken.has(`${base}-${counter}`)) return `${base}-${counter}`;
}

/**
 * POST /api/v1/admin/events (events:write): a new event, always a DRAFT until published, its slug made from
 * the title and start date when left out. Every write bumps the calendar's version through the table's
 * trigger, so the feed and its caches show it on the next request (docs/decisions/0017).
 */
export async function createEvent(database: Database, body: CreateEventBody): Promise<AdminEvent> {
  const { startAt, endAt } = instantsOrThrow(body);
  const id = await withSlugConflict(() =>
    database.transaction(async (tx) => {
      await checkEventReferences(tx, body);
      const slug = body.slug ?? (await freeSlug(tx, body.title, body.startDate));
      const row = await tx.prisma.event.create({
        data: {
          id: newCalendarId("evt_"),
          slug,
          ...eventDetailColumns(body),
          startDate: body.startDate,
          startTime: body.startTime,
          endDate: body.endDate,
          endTime: body.endTime,
          timezone: body.timezone,
          startAt,
          endAt,
          seriesId: body.seriesId ?? null,
          status: "DRAFT",
        },
        select: { id: true },
      });
      await queueEventWebhook(tx, "event.created", row.id);
      return row.id;
    }),
  );
  return getStaffEventOrThrow(database, id);
}
