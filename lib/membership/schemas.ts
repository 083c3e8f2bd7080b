import { z } from "zod";

/**
 * Membership matching as the self-service routes take and answer it (interface.md 2.3 and 4.2,
 * decisions.md part 3, docs/decisions/0012). Pure zod, shared by the routes, the OpenAPI document and the
 * portal page. No answer carries a name, birth date, address or number from the register: a match is an
 * id, a score and the campus the record belongs to.
 */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** At most this many matches per search (decisions.md part 3). */
export const MAX_MATCHES = 10;
/** A member may have this many requests to staff waiting at once. */
export const MAX_OPEN_LINK_REQUESTS = 3;

const QUERY_MESSAGE = `must be from ${MIN_QUERY_LENGTH} to ${MAX_QUERY_LENGTH} characters`;
const MEMBERSHIP_ID_MESSAGE = "must be a membership id from a search";
const CODE_MESSAGE = "must be exactly 6 digits";

/** POST /api/v1/users/me/membership/ranked-search. Spaces around the query do not count. */
export const rankedSearchBodySchema = z
  .object({
    query: z
      .string({ error: QUERY_MESSAGE })
      .trim()
      .min(MIN_QUERY_LENGTH, QUERY_MESSAGE)
      .max(MAX_QUERY_LENGTH, QUERY_MESSAGE)
      .meta({ description: "A name, or an email address or phone number fragment, as the member would write it. Accents, case and punctuation do not matter." }),
  })
  .strict()
  .meta({ id: "MembershipSearchBody" });
export type RankedSearchBody = z.output<typeof rankedSearchBodySchema>;

const membershipId = z
  .string({ error: MEMBERSHIP_ID_MESSAGE })
  .min(1, MEMBERSHIP_ID_MESSAGE)
  .max(64, MEMBERSHIP_ID_MESSAGE)
  .meta({ description: "A `membership_id` from a search answer." });

/** POST .../challenge and .../suggest. */
export const membershipIdBodySchema = z.object({ membership_id: membershipId }).strict().meta({ id: "MembershipIdBody" });
export type MembershipIdBody = z.output<typeof membershipIdBodySchema>;

/** POST .../verify: the record and the code sent to its contact on file. */
export const verifyMembershipBodySchema = z
  .object({ membership_id: membershipId, code: z.string({ error: CODE_MESSAGE }).regex(/^\d{6}$/, CODE_MESSAGE) })
  .strict()
  .meta({ id: "VerifyMembershipBody" });
export type VerifyMembershipBody = z.output<typeof verifyMembershipBodySchema>;

export const MembershipCampusSchema = z
  .object({ id: z.string(), name: z.string() })
  .nullable()
  .meta({ id: "MembershipCampus", description: "The campus the record belongs to; null when the register has none." });
export type MembershipCampus = z.infer<typeof MembershipCampusSchema>;

/** Membership match (interface.md 2.3), plus the record's campus for the member to recognise it. */
/**
 * What a member may recognise a record by without learning who else is in the register (docs/decisions/0012,
 * "Hints"): the initials, and the decade of birth (the year only on a record holding the member's own
 * verified email or phone, which is theirs by that alone). Never a name, a date or a contact.
 */
export const MembershipHintSchema = z
  .object({
    initials: z.string().meta({ description: "The first letters of the given and family names, e.g. `R. O.`." }),
    born: z.string().nullable().meta({ description: "`1980s`, or `1984` on a record with the member's own contact; null when the register has no birth date." }),
  })
  .meta({ id: "MembershipHint" });
export type MembershipHint = z.infer<typeof MembershipHintSchema>;

export const MembershipMatchSchema = z
  .object({
    membership_id: z.string(),
    score: z.number().gt(0).lte(1).meta({ description: "Trigram similarity of the query to the record, raised when the record holds the member's own verified email or phone; 1 is an exact match." }),
    campus: MembershipCampusSchema,
    hint: MembershipHintSchema,
  })
  .meta({ id: "MembershipMatch" });
export type MembershipMatch = z.infer<typeof MembershipMatchSchema>;

export const MembershipSearchResultSchema = z
  .object({ matches: z.array(MembershipMatchSchema).max(MAX_MATCHES) })
  .meta({ id: "MembershipSearchResult" });
export type MembershipSearchResult = z.infer<typeof MembershipSearchResultSchema>;

/** The Acknowledgement of `challenge`, saying where the code went, masked. */
/**
 * The challenge's answer is the contract's Acknowledgement and nothing more: where the code went, even
 * masked, would tell a stranger part of someone's contact and that they are in the register (issue 14,
 * finding 5). The member knows which of their addresses the church has.
 */
export const MembershipChallengeSchema = z.object({ status: z.literal("ok") }).meta({ id: "MembershipChallenge" });
export type MembershipChallenge = z.infer<typeof MembershipChallengeSchema>;

export const MembershipLinkedSchema = z
  .object({ status: z.literal("linked"), membership_id: z.string() })
  .meta({ id: "MembershipLinked" });
export type MembershipLinked = z.infer<typeof MembershipLinkedSchema>;

/** GET /api/v1/users/me/membership: the member's linked record, if any, and their requests waiting for staff. */
export const MyMembershipSchema = z
  .object({
    membership: z
      .object({
        membership_id: z.string(),
        campus: MembershipCampusSchema,
        linked_at: z.iso.datetime(),
        given_name: z.string().meta({ description: "The record's names and year of birth, the member's own once linked: what was linked." }),
        family_name: z.string(),
        born: z.string().nullable().meta({ description: "The year of birth on the record (`1984`), or null." }),
      })
      .nullable()
      .meta({ description: "The record linked to the account; null until one is." }),
    requests: z
      .array(z.object({ membership_id: z.string(), campus: MembershipCampusSchema, status: z.literal("pending"), created_at: z.iso.datetime() }))
      .max(MAX_OPEN_LINK_REQUESTS)
      .meta({ description: "Requests to church staff still waiting, oldest first." }),
  })
  .meta({ id: "MyMembership" });
export type MyMembership = z.infer<typeof MyMembershipSchema>;
