import { z } from "zod";

/** GET /api/v1/users/me/security-events: page size and cursor. */
export const securityEventsQuerySchema = z
  .object({
    limit: z.coerce.number({ error: "must be a whole number from 1 to 100" }).int("must be a whole number from 1 to 100").min(1, "must be a whole number from 1 to 100").max(100, "must be a whole number from 1 to 100").default(20),
    cursor: z.string().max(512, "is invalid").optional(),
  })
  .strict();

export const SecurityEventSchema = z
  .object({
    id: z.uuid(),
    type: z.string(),
    created_at: z.iso.datetime(),
    ip: z.string().nullable(),
    device: z.string(),
    browser: z.string(),
    /** Small, non-secret facts about the event, e.g. `{ "client_id": "demo-app" }`. */
    detail: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "SecurityEvent" });

export const SecurityEventPageSchema = z
  .object({ events: z.array(SecurityEventSchema), next_cursor: z.string().nullable() })
  .meta({ id: "SecurityEventPage" });
