import "server-only";
import { randomInt } from "node:crypto";
import { isUniqueViolation } from "../accounts/unique-violation.ts";
import { scheduleInstants, type LocalSchedule } from "../calendar/event-time.ts";
import { db } from "../db.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { getAdminEventOrThrow } from "./list-admin-events.ts";
import type { AdminEvent, CreateEventBody, UpdateEventBody } from "./schemas.ts";

/**
 * Creating and editing events (POST /api/v1/admin/events, PATCH /api/v1/admin/events/{id}). The local
 * date, time and IANA zone are the truth; start_at/end_at are computed from them here, DST-correct
 * (docs/decisions/0004). Every write bumps the calendar's version through the table's trigger, so the
 * feed and its caches show it on the next request (docs/decisions/0017).
 */

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
const newEventId = () => `evt_${Array.from({ length: 10 }, () => BASE36[randomInt(36)]).join("")}`;

/** Same rule as the demo data's slugs: lower-case words joined by dashes. */
function kebab(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 90)
    .replace(/-+$/g, "");
}

async function freeSlug(tx: Prisma.TransactionClient, title: string, startDate: string): Promise<string> {
  const base = `${kebab(title) || "event"}-${startDate}`;
  const taken = new Set(
    (await tx.event.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter += 1) if (!taken.has(`${base}-${counter}`)) return `${base}-${counter}`;
}

function instantsOrThrow(schedule: LocalSchedule): { startAt: Date; endAt: Date } {
  try {
    return scheduleInstants(schedule);
  } catch (error) {
    if (error instanceof RangeError) throw new IdentityError("invalid_request", `endDate: ${error.message}`);
    throw error;
  }
}

/** Linked ministry, campus and series must exist: a typo would otherwise be a foreign-key 500. */
async function checkReferences(tx: Prisma.TransactionClient, refs: { ministryId?: string | null; campusId?: string | null; seriesId?: string | null }) {
  if (refs.ministryId && !(await tx.ministry.findUnique({ where: { id: refs.ministryId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "ministryId: no such ministry");
  }
  if (refs.campusId && !(await tx.campus.findUnique({ where: { id: refs.campusId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "campusId: no such campus");
  }
  if (refs.seriesId && !(await tx.eventSeries.findUnique({ where: { id: refs.seriesId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "seriesId: no such series");
  }
}

const SLUG_TAKEN = "slug: another event already uses this address";

function locationColumns(location: CreateEventBody["location"] | null) {
  return {
    locationName: location?.name ?? null,
    locationAddress: location?.address ?? null,
    latitude: location?.coordinates?.latitude ?? null,
    longitude: location?.coordinates?.longitude ?? null,
  };
}

export async function createEvent(body: CreateEventBody): Promise<AdminEvent> {
  const { startAt, endAt } = instantsOrThrow(body);
  const prisma = await db();
  let id: string;
  try {
    id = await prisma.$transaction(async (tx) => {
      await checkReferences(tx, body);
      const slug = body.slug ?? (await freeSlug(tx, body.title, body.startDate));
      const row = await tx.event.create({
        data: {
          id: newEventId(),
          slug,
          title: body.title,
          description: body.description,
          eventType: body.eventType,
          serviceType: body.serviceType ?? null,
          startDate: body.startDate,
          startTime: body.startTime,
          endDate: body.endDate,
          endTime: body.endTime,
          timezone: body.timezone,
          startAt,
          endAt,
          ministryId: body.ministryId ?? null,
          campusId: body.campusId ?? null,
          seriesId: body.seriesId ?? null,
          status: "DRAFT",
          visibility: body.visibility,
          audience: body.audience,
          attendanceModes: body.attendanceModes,
          capacity: body.capacity ?? null,
          organizer: body.organizer ?? null,
          imageUrl: body.imageUrl ?? null,
          registrationUrl: body.registrationUrl ?? null,
          ...locationColumns(body.location),
          tags: body.tags,
        },
        select: { id: true },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError("conflict", SLUG_TAKEN);
    throw error;
  }
  return getAdminEventOrThrow(id);
}

export async function updateEvent(eventId: string, body: UpdateEventBody): Promise<AdminEvent> {
  const prisma = await db();
  try {
    await prisma.$transaction(async (tx) => {
      const current = await tx.event.findUnique({
        where: { id: eventId },
        select: { startDate: true, startTime: true, endDate: true, endTime: true, timezone: true },
      });
      if (!current) throw notFound("event");
      await checkReferences(tx, body);
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
      await tx.event.update({ where: { id: eventId }, data, select: { id: true } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError("conflict", SLUG_TAKEN);
    throw error;
  }
  return getAdminEventOrThrow(eventId);
}
