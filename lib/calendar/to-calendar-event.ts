import type { Prisma } from "../generated/prisma/client.ts";
import type { CalendarEvent } from "./schemas.ts";

/** The columns every public event response needs; `select`ed, never the whole row. */
export const calendarEventSelect = {
  id: true,
  slug: true,
  title: true,
  description: true,
  eventType: true,
  serviceType: true,
  startDate: true,
  startTime: true,
  endDate: true,
  endTime: true,
  timezone: true,
  startAt: true,
  ministryId: true,
  campusId: true,
  seriesId: true,
  status: true,
  visibility: true,
  audience: true,
  attendanceModes: true,
  capacity: true,
  organizer: true,
  imageUrl: true,
  registrationUrl: true,
  locationName: true,
  locationAddress: true,
  latitude: true,
  longitude: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.EventSelect;

export type CalendarEventRow = Prisma.EventGetPayload<{ select: typeof calendarEventSelect }>;

/** Artwork stored as a path is served from ASSET_URL (this app or a CDN in front of it). */
function absoluteAssetUrl(imageUrl: string, assetUrl: string): string {
  return imageUrl.startsWith("/") ? `${assetUrl}${imageUrl}` : imageUrl;
}

/** A database row → the public CalendarEvent: optional fields omitted (never null), in contract order. */
export function toCalendarEvent(row: CalendarEventRow, assetUrl: string): CalendarEvent {
  const event: CalendarEvent = {
    eventId: row.id,
    slug: row.slug,
    url: `/calendar/${row.slug}`,
    title: row.title,
    description: row.description,
    eventType: row.eventType,
    ...(row.serviceType !== null && { serviceType: row.serviceType }),
    startDate: row.startDate,
    startTime: row.startTime,
    endDate: row.endDate,
    endTime: row.endTime,
    timezone: row.timezone,
    ...(row.ministryId !== null && { ministryId: row.ministryId }),
    ...(row.campusId !== null && { campusId: row.campusId }),
    ...(row.seriesId !== null && { seriesId: row.seriesId }),
    status: row.status,
    visibility: row.visibility,
    audience: row.audience,
    attendanceModes: row.attendanceModes,
    ...(row.capacity !== null && { capacity: row.capacity }),
    ...(row.organizer !== null && { organizer: row.organizer }),
    ...(row.imageUrl !== null && { imageUrl: absoluteAssetUrl(row.imageUrl, assetUrl) }),
    ...(row.registrationUrl !== null && { registrationUrl: row.registrationUrl }),
    ...(row.locationName !== null &&
      row.locationAddress !== null && {
        location: {
          name: row.locationName,
          address: row.locationAddress,
          ...(row.latitude !== null && row.longitude !== null && { coordinates: { latitude: row.latitude, longitude: row.longitude } }),
        },
      }),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return event;
}
