import "server-only";
import { isUniqueViolation } from "../db/unique-violation.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { scheduleInstants, type LocalSchedule } from "./event-time.ts";
import type { CreateEventBody } from "./staff-schemas.ts";

/**
 * How a staff body becomes an event's columns, for creating and editing one (create-event.ts,
 * update-event.ts). The local date, time and IANA zone are the truth; start_at/end_at are computed from them
 * here, DST-correct (docs/decisions/0004).
 */

export function instantsOrThrow(schedule: LocalSchedule): { startAt: Date; endAt: Date } {
  try {
    return scheduleInstants(schedule);
  } catch (error) {
    if (error instanceof RangeError) throw new IdentityError("invalid_request", `endDate: ${error.message}`);
    throw error;
  }
}

/** Linked ministry, campus and series must exist: a typo would otherwise be a foreign-key 500. */
export async function checkEventReferences(tx: Database, refs: { ministryId?: string | null; campusId?: string | null; seriesId?: string | null }) {
  if (refs.ministryId && !(await tx.prisma.ministry.findUnique({ where: { id: refs.ministryId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "ministryId: no such ministry");
  }
  if (refs.campusId && !(await tx.prisma.campus.findUnique({ where: { id: refs.campusId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "campusId: no such campus");
  }
  if (refs.seriesId && !(await tx.prisma.eventSeries.findUnique({ where: { id: refs.seriesId }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", "seriesId: no such series");
  }
}

export function locationColumns(location: CreateEventBody["location"] | null) {
  return {
    locationName: location?.name ?? null,
    locationAddress: location?.address ?? null,
    latitude: location?.coordinates?.latitude ?? null,
    longitude: location?.coordinates?.longitude ?? null,
  };
}

/**
 * The columns a new event takes from a staff body's descriptive fields: everything but its id, slug, times,
 * series and status, which each way of making events (one event, a series' dates) decides itself.
 */
export function eventDetailColumns(body: Omit<CreateEventBody, "slug" | "seriesId">) {
  return {
    title: body.title,
    description: body.description,
    eventType: body.eventType,
    serviceType: body.serviceType ?? null,
    ministryId: body.ministryId ?? null,
    campusId: body.campusId ?? null,
    visibility: body.visibility,
    audience: body.audience,
    attendanceModes: body.attendanceModes,
    capacity: body.capacity ?? null,
    organizer: body.organizer ?? null,
    imageUrl: body.imageUrl ?? null,
    registrationUrl: body.registrationUrl ?? null,
    ...locationColumns(body.location),
    tags: body.tags,
  };
}

/** Runs a write of an event; a slug another event holds (the unique index says so) is a `conflict`. */
export async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError("conflict", "slug: another event already uses this address");
    throw error;
  }
}
