import { z } from "zod";
import { parsePhoneNumber } from "../contacts/phone-number.ts";
import { printableText } from "../staff-lists/schemas.ts";

/**
 * Who may collect a child (issue 17; check-in reads it): the household's adults by default, plus named
 * people the adults add; and anyone marked not authorized, a named person or one of the household's
 * adults. Pure zod, shared by the routes, the OpenAPI document and the family page.
 */
export const PICKUP_KINDS = ["authorized", "not_authorized"] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];

const phone = z
  .string({ error: "must be a phone number" })
  .max(40, "must be a phone number with its country code, like +14155550123")
  .transform((value, context) => {
    if (value.trim() === "") return null;
    const parsed = parsePhoneNumber(value);
    if (!parsed) {
      context.addIssue({ code: "custom", message: "must be a phone number with its country code, like +14155550123" });
      return z.NEVER;
    }
    return parsed.e164;
  })
  .nullable()
  .meta({ description: "E.164, e.g. `+14155550123`, so whoever is at the door can call; empty or null for none." });

/**
 * POST /api/v1/families/me/children/{childId}/pickup: a named person (`name`, optional `relation` and
 * `phone`), or one of the household's adults marked not authorized (`user_id`).
 */
export const addPickupPersonBodySchema = z
  .object({
    kind: z.enum(PICKUP_KINDS, { error: "must be authorized or not_authorized" }),
    name: printableText(100).optional(),
    relation: printableText(60).optional(),
    phone: phone.optional(),
    user_id: z.uuid({ error: "must be the id of one of the household's adults" }).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.user_id === undefined && body.name === undefined) context.addIssue({ code: "custom", path: ["name"], message: "must be from 1 to 100 characters" });
    if (body.user_id !== undefined && (body.name !== undefined || body.relation !== undefined || body.phone !== undefined)) {
      context.addIssue({ code: "custom", path: ["user_id"], message: "names one of the household's adults: send no name, relation or phone with it" });
    }
    if (body.user_id !== undefined && body.kind !== "not_authorized") {
      context.addIssue({ code: "custom", path: ["kind"], message: "a household adult may collect their children already: they can only be marked not_authorized" });
    }
  })
  .meta({ id: "AddPickupPersonBody" });
export type AddPickupPersonBody = z.output<typeof addPickupPersonBodySchema>;

export const PickupPersonSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(PICKUP_KINDS),
    /** Set for one of the household's adults marked not authorized. */
    user_id: z.uuid().nullable(),
    name: z.string(),
    relation: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PickupPerson" });
export type PickupPerson = z.infer<typeof PickupPersonSchema>;

/** GET …/pickup: who may collect the child, and who may not. */
export const PickupListSchema = z
  .object({
    child_id: z.uuid(),
    /** The household's adults: authorized unless one of `people` marks them not authorized. */
    household_adults: z.array(z.object({ user_id: z.uuid(), name: z.string(), authorized: z.boolean() })),
    people: z.array(PickupPersonSchema),
  })
  .meta({ id: "PickupList" });
export type PickupList = z.infer<typeof PickupListSchema>;

export const RemovedPickupPersonSchema = z.object({ id: z.uuid(), status: z.literal("removed") }).meta({ id: "RemovedPickupPerson" });
export type RemovedPickupPerson = z.infer<typeof RemovedPickupPersonSchema>;
