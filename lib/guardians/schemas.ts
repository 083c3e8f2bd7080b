import { z } from "zod";
import { ListedConsentSchema } from "../consents/schemas.ts";

/**
 * Guardians and their dependants as the self-service routes answer them (decisions.md part 3,
 * docs/decisions/0013-families-and-guardians.md). Pure zod, shared by the routes, the OpenAPI document
 * and the portal's dependants page.
 */
export const GUARDIAN_PERMISSION = "guardian:act_as";
/** The role that carries GUARDIAN_PERMISSION: held exactly while its holder has a guardianship. */
export const GUARDIAN_ROLE = "guardian";

export const DependentSchema = z
  .object({
    id: z.uuid(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.iso.date().nullable(),
    /** The day the guardianship ends by itself; null without a birth date. */
    comes_of_age_on: z.iso.date().nullable(),
    /** Whether the dependant can sign in themselves (and so give apps access on their own). */
    has_sign_in: z.boolean(),
    guardian_since: z.iso.datetime(),
    /** Every consent of the dependant, granted first, as their own list shows them. */
    consents: z.array(ListedConsentSchema),
  })
  .meta({ id: "Dependent" });
export type Dependent = z.infer<typeof DependentSchema>;

export const DependentListSchema = z.object({ dependents: z.array(DependentSchema) }).meta({ id: "DependentList" });
export type DependentList = z.infer<typeof DependentListSchema>;

/** GET /api/v1/users/me/guardians: who acts for the caller, and who is waiting for their answer (issue 17). */
export const MyGuardiansSchema = z
  .object({
    guardians: z.array(z.object({ user_id: z.uuid(), name: z.string(), since: z.iso.datetime() })),
    requests: z.array(
      z.object({
        id: z.uuid(),
        guardian: z.object({ user_id: z.uuid(), name: z.string() }),
        /** The household it came from. */
        family_name: z.string(),
        requested_at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: "MyGuardians" });
export type MyGuardians = z.infer<typeof MyGuardiansSchema>;

export const GuardianshipAnswerSchema = z.object({ id: z.uuid(), status: z.enum(["confirmed", "declined"]) }).meta({ id: "GuardianshipAnswer" });
export type GuardianshipAnswer = z.infer<typeof GuardianshipAnswerSchema>;
