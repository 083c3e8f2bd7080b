import { z } from "zod";

/** One of the member's signed-in sessions, as GET /api/v1/sessions/me lists it. */
export const MemberSessionSchema = z
  .object({
    id: z.uuid(),
    device: z.string(),
    browser: z.string(),
    ip: z.string().nullable(),
    /** For a kiosk or display signed in with a code at /device (RFC 8628): the app it runs; null for a browser. */
    app: z.object({ client_id: z.string(), name: z.string() }).nullable(),
    created_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime(),
    /** When it ends if it is not used again before (the idle timeout after its last use, at most `expires_at`). */
    idle_expires_at: z.iso.datetime(),
    /** When it ends at the latest, however active: then the member signs in again. */
    expires_at: z.iso.datetime(),
    /** The session the calling token belongs to. */
    current: z.boolean(),
  })
  .meta({ id: "MemberSession" });
export type MemberSession = z.infer<typeof MemberSessionSchema>;

export const MemberSessionListSchema = z.object({ sessions: z.array(MemberSessionSchema) }).meta({ id: "MemberSessionList" });

export const RevokedSessionSchema = z
  .object({ id: z.uuid(), status: z.literal("revoked"), revoked_at: z.iso.datetime() })
  .meta({ id: "RevokedSession" });

export const RevokedOthersSchema = z.object({ status: z.literal("ok"), revoked: z.number().int().min(0) }).meta({ id: "RevokedSessions" });
