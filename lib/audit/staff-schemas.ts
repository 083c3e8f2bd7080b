import { z } from "zod";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

/**
 * The staff audit log as administrators read it under /api/v1/admin/audit (docs/decisions/0020). Pure zod,
 * shared by the routes, the page and the OpenAPI document.
 */

/** The staff areas a write can belong to: the path segment after /api/v1/admin/. */
export const AUDIT_SECTIONS = ["users", "roles", "families", "guardianships", "membership", "clients", "events", "campuses", "ministries", "webhooks", "settings"] as const;
export type AuditSection = (typeof AUDIT_SECTIONS)[number];

const DATE_MESSAGE = "must be a date (YYYY-MM-DD)";

/** A real day of the calendar written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const day = z.string().refine(isCalendarDay, DATE_MESSAGE);

export const adminAuditQuerySchema = listQuery("AdminAuditQuery", {
  sort: ["at"] as const,
  defaultSort: "-at",
  search: "Part of the staff member's name or email address, the path, or the id of a row the write named or changed.",
  extra: {
    actor: z.uuid({ error: "must be a user id (UUID)" }).optional().meta({ description: "Only writes by this staff member." }),
    section: z.enum(AUDIT_SECTIONS, { error: `must be one of ${AUDIT_SECTIONS.join(", ")}` }).optional().meta({ description: "Only writes in this staff area." }),
    from: day.optional().meta({ description: "Only writes on or after this day (UTC)." }),
    to: day.optional().meta({ description: "Only writes on or before this day (UTC)." }),
  },
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

/** The same filters for the CSV export, which has no pages: the newest entries up to its limit. */
export const adminAuditExportQuerySchema = adminAuditQuerySchema.omit({ page: true, per: true }).meta({ id: "AdminAuditExportQuery" });
export type AdminAuditExportQuery = z.output<typeof adminAuditExportQuerySchema>;

export const AuditChangeSchema = z
  .object({
    table: z.string().meta({ description: "The table whose row changed." }),
    id: z.string().meta({ description: "The row's id; for a household member `family_id:user_id`, for a role assignment `user_id:role_id`." }),
    operation: z.enum(["insert", "update", "delete"]),
    before: z.record(z.string(), z.unknown()).nullable().meta({ description: "Its columns before (on update: only those that changed). Never a secret, hash or sealed value." }),
    after: z.record(z.string(), z.unknown()).nullable().meta({ description: "Its columns after (on update: only those that changed)." }),
  })
  .meta({ id: "AuditChange" });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AdminAuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string() }).meta({ description: "Who, as they were named at the time." }),
    client_id: z.string().meta({ description: "The app they used (the portal, or a first-party tool)." }),
    method: z.string(),
    path: z.string(),
    section: z.string(),
    target_id: z.string().nullable().meta({ description: "The id the path names, if any." }),
    request_id: z.string().meta({ description: "The request's X-Request-Id, to find it in the logs." }),
    changes: z.array(AuditChangeSchema).meta({ description: "The rows the write changed, in the order it changed them; empty when it changed nothing (e.g. disabling a disabled account)." }),
  })
  .meta({ id: "AdminAuditEntry" });
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = pageOf(AdminAuditEntrySchema, "AdminAuditPage");
