import { z } from "zod";
import { listQuery, pageOf, printableText } from "../staff-lists/schemas.ts";
import { FAMILY_ROLES, addChildBodySchema } from "./schemas.ts";

/**
 * Households and guardianships as staff see and record them under /api/v1/admin (docs/decisions/0017).
 * Pure zod, shared by the routes and the OpenAPI document. A family's join code is never answered here.
 */

export const adminFamiliesQuerySchema = listQuery("AdminFamiliesQuery", { sort: ["name", "createdAt"] as const, defaultSort: "name", search: "Part of the family's name.", extra: {} });
export type AdminFamiliesQuery = z.output<typeof adminFamiliesQuerySchema>;

export const AdminFamilySchema = z
  .object({ id: z.string(), name: z.string(), member_count: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: "AdminFamily", description: "A household; its join code is never answered here." });
export type AdminFamily = z.infer<typeof AdminFamilySchema>;
export const AdminFamilyPageSchema = pageOf(AdminFamilySchema, "AdminFamilyPage");
export const AdminFamilyMemberSchema = z
  .object({
    user_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    role: z.enum(FAMILY_ROLES),
    joined_at: z.iso.datetime(),
    has_sign_in: z.boolean(),
    birth_date: z.string().nullable(),
    notes: z.string().nullable().meta({ description: "A child's notes from the household's adults (allergies, medicine); null for adults." }),
  })
  .meta({ id: "AdminFamilyMember" });
export type AdminFamilyMember = z.infer<typeof AdminFamilyMemberSchema>;
export const AdminFamilyDetailSchema = AdminFamilySchema.extend({ members: z.array(AdminFamilyMemberSchema) }).meta({ id: "AdminFamilyDetail" });
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

export const uuidField = (what: string) => z.string({ error: `must be ${what} (a UUID)` }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `must be ${what} (a UUID)`);
export const createGuardianshipBodySchema = z
  .object({ guardian_id: uuidField("a user id"), dependent_id: uuidField("a user id") })
  .strict()
  .refine((body) => body.guardian_id.toLowerCase() !== body.dependent_id.toLowerCase(), { message: "a member cannot be their own guardian", path: ["dependent_id"] })
  .meta({ id: "CreateGuardianshipBody" });

/** POST /api/v1/admin/families (a household with no members yet) and PATCH /api/v1/admin/families/{id} (rename). */
export const adminFamilyNameBodySchema = z
  .object({ name: printableText(100).meta({ description: "What members see, e.g. `The Okafor family`." }) })
  .strict()
  .meta({ id: "AdminFamilyNameBody" });

/** POST /api/v1/admin/families/{id}/members: an existing account joins the household. */
export const addFamilyMemberBodySchema = z
  .object({
    user_id: uuidField("a user id").meta({ description: "The account, found with GET /api/v1/admin/users." }),
    role: z
      .enum(FAMILY_ROLES, { error: "must be adult or child" })
      .optional()
      .meta({ description: "`child` only for someone under the age of majority by their birth date; absent: as joining decides (a minor is a child, anyone else an adult)." }),
  })
  .strict()
  .meta({ id: "AddFamilyMemberBody" });
export type AddFamilyMemberBody = z.output<typeof addFamilyMemberBodySchema>;

export const RemovedFamilyMemberSchema = z.object({ user_id: z.uuid(), status: z.literal("removed") }).meta({ id: "RemovedFamilyMember" });

/** POST /api/v1/admin/families/{id}/children: the member route's body, and who of the household's adults become the child's guardians. */
export const adminAddChildBodySchema = addChildBodySchema
  .extend({
    guardian_ids: z
      .array(uuidField("a user id"), { error: "must be a list of user ids" })
      .max(10, "must hold at most 10 ids")
      .optional()
      .meta({ description: "Adults of this household who become the child's guardians (with the `guardian` role); none when absent." }),
  })
  .strict()
  .meta({ id: "AdminAddChildBody" });
export type AdminAddChildBody = z.output<typeof adminAddChildBodySchema>;

/** POST /api/v1/admin/families/{id}/merge. */
export const mergeFamiliesBodySchema = z
  .object({ from: uuidField("a household id").meta({ description: "The household to merge into this one; it is deleted." }) })
  .strict()
  .meta({ id: "MergeFamiliesBody" });

export const AdminGuardianshipRequestSchema = z
  .object({
    id: z.string(),
    guardian: PersonRefSchema,
    dependent: PersonRefSchema.extend({ birth_date: z.string().nullable() }),
    requested_at: z.iso.datetime(),
  })
  .meta({ id: "AdminGuardianshipRequest", description: "A household adult proposed as guardian of a minor who signs in, waiting for the minor's answer." });
export type AdminGuardianshipRequest = z.infer<typeof AdminGuardianshipRequestSchema>;

/** GET /api/v1/admin/families/{id}/guardianships. */
export const AdminFamilyGuardianshipsSchema = z
  .object({
    guardianships: z.array(AdminGuardianshipSchema).meta({ description: "Where the guardian or the dependant is a member of the household; live first, newest first." }),
    requests: z.array(AdminGuardianshipRequestSchema).meta({ description: "The household's requests still waiting for an answer, oldest first." }),
  })
  .meta({ id: "AdminFamilyGuardianships" });
export type AdminFamilyGuardianships = z.infer<typeof AdminFamilyGuardianshipsSchema>;
