import { z } from "zod";
import { printableText } from "../staff-lists/schemas.ts";

/**
 * Families (households) as the self-service routes take and answer them (interface.md 2.3 "Family join
 * result", decisions.md part 3, docs/decisions/0013-families-and-guardians.md). Pure zod, shared by the
 * routes, the OpenAPI document and the portal's family page.
 */
export const FAMILY_ROLES = ["adult", "child"] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

/** A code is good for this long after it was made… */
export const FAMILY_CODE_TTL_DAYS = 14;
/** …and for this many members joining with it; then it is used up and an adult makes a new one. */
export const FAMILY_CODE_MAX_USES = 10;

/** The one answer to every code that does not let the caller join: unknown, expired, used up or malformed. */
export const BAD_FAMILY_CODE = "code: is not a valid family code";
const NOT_A_CODE = "is not a valid family code";

/** POST /api/v1/families/join. Any string is taken in: whether it is a code is the service's to say, in one way. */
export const joinFamilyBodySchema = z
  .object({
    code: z
      .string({ error: "is required" })
      .max(200, NOT_A_CODE)
      .meta({ description: "The family code an adult of the family shared, e.g. `K7QM2-XR9DW` (case, spaces and dashes do not matter)." }),
  })
  .strict()
  .meta({ id: "JoinFamilyBody" });
export type JoinFamilyBody = z.output<typeof joinFamilyBodySchema>;

/** Family join result (interface.md 2.3): the family joined, and `member` (also when already one). */
export const FamilyJoinResultSchema = z
  .object({ family_id: z.uuid(), status: z.literal("member") })
  .meta({ id: "FamilyJoinResult" });
export type FamilyJoinResult = z.infer<typeof FamilyJoinResultSchema>;

/** The family's current code, shown to its adults only. */
export const FamilyCodeSchema = z
  .object({
    code: z
      .string()
      .nullable()
      .meta({ description: "The code, in two groups of five (`K7QM2-XR9DW`); null when there is none to show (a family set up by staff): make one." }),
    expires_at: z.iso.datetime(),
    uses_left: z.number().int().min(0).meta({ description: `Members who may still join with it (at most ${FAMILY_CODE_MAX_USES} per code).` }),
    /** Whether someone could join with it right now. */
    active: z.boolean(),
  })
  .meta({ id: "FamilyCode" });
export type FamilyCode = z.infer<typeof FamilyCodeSchema>;

export const FamilyMemberSchema = z
  .object({
    user_id: z.uuid(),
    given_name: z.string(),
    family_name: z.string(),
    role: z.enum(FAMILY_ROLES),
    joined_at: z.iso.datetime(),
    /** True for the caller. */
    you: z.boolean(),
    /** Whether they sign in themselves; a child added by an adult does not. */
    has_sign_in: z.boolean(),
    birth_date: z.iso.date().nullable().optional().meta({ description: "A child's birth date; shown to the family's adults only." }),
    notes: z.string().nullable().optional().meta({ description: "A child's notes (allergies, medicine); shown to the family's adults only." }),
  })
  .meta({ id: "FamilyMember" });
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/** GET /api/v1/families/me: the member's family, its members (adults first), and for adults its code. */
export const FamilySchema = z
  .object({
    family_id: z.uuid(),
    name: z.string(),
    your_role: z.enum(FAMILY_ROLES),
    members: z.array(FamilyMemberSchema),
    code: FamilyCodeSchema.optional().meta({ description: "Present for the family's adults only." }),
  })
  .meta({ id: "Family" });
export type Family = z.infer<typeof FamilySchema>;

/** POST /api/v1/families: a new household, with the caller as its first adult. */
export const createFamilyBodySchema = z
  .object({ name: printableText(100).meta({ description: "What members see, e.g. `The Okafor family`." }) })
  .strict()
  .meta({ id: "CreateFamilyBody" });
export type CreateFamilyBody = z.output<typeof createFamilyBodySchema>;

const birthDate = z.iso.date({ error: "must be a date, YYYY-MM-DD" }).meta({ description: "YYYY-MM-DD; the child must be under the age of majority." });
const childNotes = z
  .string({ error: "must be text" })
  .trim()
  .max(1000, "must be at most 1000 characters")
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .meta({ description: "For whoever looks after the child (allergies, medicine); seen by the family's adults and by staff. Empty or null clears it." });

/** POST /api/v1/families/me/children: a child without a sign-in of their own. */
export const addChildBodySchema = z
  .object({ given_name: printableText(100), family_name: printableText(100), birth_date: birthDate, notes: childNotes.optional() })
  .strict()
  .meta({ id: "AddChildBody" });
export type AddChildBody = z.output<typeof addChildBodySchema>;

/** PATCH /api/v1/families/me/children/{childId}. */
export const updateChildBodySchema = z
  .object({ given_name: printableText(100).optional(), family_name: printableText(100).optional(), birth_date: birthDate.optional(), notes: childNotes.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateChildBody" });
export type UpdateChildBody = z.output<typeof updateChildBodySchema>;

/** A child of the household as its adults see them. */
export const FamilyChildSchema = z
  .object({
    user_id: z.uuid(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.iso.date().nullable(),
    notes: z.string().nullable(),
    has_sign_in: z.boolean(),
  })
  .meta({ id: "FamilyChild" });
export type FamilyChild = z.infer<typeof FamilyChildSchema>;

export const RemovedChildSchema = z.object({ user_id: z.uuid(), status: z.literal("removed") }).meta({ id: "RemovedChild" });
export type RemovedChild = z.infer<typeof RemovedChildSchema>;

export const LeftFamilySchema = z.object({ family_id: z.uuid(), status: z.literal("left") }).meta({ id: "LeftFamily" });
export type LeftFamily = z.infer<typeof LeftFamilySchema>;
