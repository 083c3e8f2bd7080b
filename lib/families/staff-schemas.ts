import { z } from "zod";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

/**
 * Households and guardianships as staff see and record them under /api/v1/admin (docs/decisions/0017).
 * Pure zod, shared by the routes and the OpenAPI document. A family's join code is never answered here.
 */

export const adminFamiliesQuerySchema = listQuery("AdminFamiliesQuery", { sort: ["name", "createdAt"] as const, defaultSort: "name", search: "Part of the family's name.", extra: {} });
export type AdminFamiliesQuery = z.output<typeof adminFamiliesQuerySchema>;

export const AdminFamilySchema = z
  .object({ id: z.string(), name: z.string(), member_count: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: "AdminFamily", description: "A household; its join code is never answered here." });
export const AdminFamilyPageSchema = pageOf(AdminFamilySchema, "AdminFamilyPage");
export const AdminFamilyDetailSchema = AdminFamilySchema.extend({
  members: z.array(
    z.object({
      user_id: z.string(),
      given_name: z.string(),
      family_name: z.string(),
      role: z.enum(["adult", "child"]),
      joined_at: z.iso.datetime(),
      has_sign_in: z.boolean(),
      birth_date: z.string().nullable(),
      notes: z.string().nullable().meta({ description: "A child's notes from the household's adults (allergies, medicine); null for adults." }),
    }),
  ),
}).meta({ id: "AdminFamilyDetail" });
export type AdminFamilyDetail = z.infer<typeof AdminFamilyDetailSchema>;

export const adminGuardianshipsQuerySchema = listQuery("AdminGuardianshipsQuery", {
  sort: ["createdAt"] as const,
  defaultSort: "-createdAt",
  search: "Part of the guardian's or the dependant's name or email address.",
  extra: { status: z.enum(["active", "ended"], { error: "must be active or ended" }).optional().meta({ description: "Only live or only ended guardianships." }) },
});
export type AdminGuardianshipsQuery = z.output<typeof adminGuardianshipsQuerySchema>;

const PersonRefSchema = z.object({ id: z.string(), email: z.string().nullable(), given_name: z.string(), family_name: z.string() });
export const AdminGuardianshipSchema = z
  .object({
    id: z.string(),
    guardian: PersonRefSchema,
    dependent: PersonRefSchema.extend({ birth_date: z.string().nullable() }),
    created_at: z.iso.datetime(),
    ended_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminGuardianship" });
export type AdminGuardianship = z.infer<typeof AdminGuardianshipSchema>;
export const AdminGuardianshipPageSchema = pageOf(AdminGuardianshipSchema, "AdminGuardianshipPage");

const uuidField = (what: string) => z.string({ error: `must be ${what} (a UUID)` }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `must be ${what} (a UUID)`);
export const createGuardianshipBodySchema = z
  .object({ guardian_id: uuidField("a user id"), dependent_id: uuidField("a user id") })
  .strict()
  .refine((body) => body.guardian_id.toLowerCase() !== body.dependent_id.toLowerCase(), { message: "a member cannot be their own guardian", path: ["dependent_id"] })
  .meta({ id: "CreateGuardianshipBody" });
