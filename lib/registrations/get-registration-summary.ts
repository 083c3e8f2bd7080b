import "server-only";
import type { Database } from "../db/database.ts";
import { isOpenToMembers, readRegistrationEvent, summaryOf } from "./registration-event.ts";
import type { RegistrationSummary } from "./schemas.ts";

/** The sign-up facts an event's page shows anyone ("12 places left"); null for an event without sign-up here. */
export async function getRegistrationSummary(database: Database, eventId: string, now = new Date()): Promise<RegistrationSummary | null> {
  const event = await readRegistrationEvent(database, eventId);
  if (!event || !isOpenToMembers(event) || !event.registration_open) return null;
  return summaryOf(event, now);
}
