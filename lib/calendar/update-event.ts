import "server-only";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { notFound } from "../identity/errors.ts";
import { getStaffEventOrThrow } from "./get-staff-event-or-throw.ts";
import { checkEventReferences, instantsOrThrow, locationColumns, withSlugConflict } from "./staff-event-fields.ts";
import type { AdminEvent, UpdateEventBody } from "./staff-schemas.ts";
import { queueEventWebhook } from "../webhooks/queue-webhook.ts";

/**
 * PATCH /api/v1/admin/events/{id} (events:write): only the fields sent change, `null` clears an optional
 * one; the instants are computed again from the schedule as it is after the change. The calendar shows it
 * on the next request (the table's trigger bumps its version, docs/decisions/0017).
 */
export async function updateEvent(database: Database, eventId: string, body: UpdateEventBody): Promise<AdminEvent> {
  await withSlugConflict(() =>
    database.transaction(async (tx) => {
      const current = await tx.prisma.event.findUnique({
        where: { id: eventId },
        select: { startDate: true, startTime: true, endDate: true, endTime: true, timezone: true, seriesId: true, recurrenceDate: true },
      });
      if (!current) throw notFound("event");
      await checkEventReferences(tx, body);
      const schedule = {
        startDate: body.startDate ?? current.startDate,
        startTime: body.startTime ?? current.startTime,
        endDate: body.endDate ?? current.endDate,
        endTime: body.endTime ?? current.endTime,
        timezone: body.timezone ?? current.timezone,
      };
      const { location, ...fields } = body;
      const data: Prisma.EventUncheckedUpdateInput = { ...fields, ...schedule, ...instantsOrThrow(schedule) };
      if (location !== undefined) Object.assign(data, locationColumns(location));
      // An occurrence of a series edited here is edited on its own: "edit all" leaves it be (docs/decisions/0026);
      // moved to another series or out of one, it is no longer an occurrence of its rule.
      if (body.seriesId !== undefined && body.seriesId !== current.seriesId) Object.assign(data, { recurrenceDate: null, seriesOverride: false });
      else if (current.recurrenceDate && Object.keys(body).some((key) => key !== "slug")) data.seriesOverride = true;
      await tx.prisma.event.update({ where: { id: eventId }, data, select: { id: true } });
      await queueEventWebhook(tx, "event.updated", eventId);
    }),
  );
  return getStaffEventOrThrow(database, eventId);
}
