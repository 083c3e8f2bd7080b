import { z } from "zod";
import { ATTENDANCE_MODES, CONTROL_CHARACTERS, EVENT_STATUSES, EVENT_TYPES, EVENT_VISIBILITIES, calendarEventSchema } from "../calendar/schemas.ts";
import { isValidTimeZone } from "../calendar/event-time.ts";
import { redirectUriProblem, redirectUriProblemMessage } from "../oauth/clients/redirect-uri.ts";
import { THIRD_PARTY_SCOPES } from "../oauth/scopes.ts";

/**
 * The staff management API under /api/v1/admin (docs/decisions/0017-staff-management.md): its list
 * envelope and paging (interface.md part 1), and the bodies and answers of each resource. Pure zod, shared
 * by the routes, the OpenAPI document and the /admin pages. No schema here has a field for a password hash,
 * a client secret's hash, a TOTP secret or a code: they cannot be answered by accident.
 */

export const DEFAULT_PER = 20;
export const MAX_PER = 100;
export const MAX_SEARCH_LENGTH = 100;

const PAGE_MESSAGE = "must be a whole number, 1 or more";
const PER_MESSAGE = `must be a whole number from 1 to ${MAX_PER}`;
const SEARCH_MESSAGE = `must be from 1 to ${MAX_SEARCH_LENGTH} characters, without control characters`;

const page = z
  .string()
  .regex(/^\d{1,9}$/, PAGE_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, PAGE_MESSAGE))
  .default(1)
  .meta({
    description: "Page number, from 1.",
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.pattern;
      Object.assign(jsonSchema, { type: "integer", minimum: 1, default: 1 });
    },
  });

const per = z
  .string()
  .regex(/^\d{1,3}$/, PER_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, PER_MESSAGE).max(MAX_PER, PER_MESSAGE))
  .default(DEFAULT_PER)
  .meta({
    description: `Items per page, 1 to ${MAX_PER}.`,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.pattern;
      Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: MAX_PER, default: DEFAULT_PER });
    },
  });

const search = z
  .string()
  .trim()
  .min(1, SEARCH_MESSAGE)
  .max(MAX_SEARCH_LENGTH, SEARCH_MESSAGE)
  .refine((value) => !CONTROL_CHARACTERS.test(value), SEARCH_MESSAGE)
  .optional();

/** `sort`: one of the fields, `-field` for descending. */
function sortParam<const Fields extends readonly [string, ...string[]]>(fields: Fields, fallback: string) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z
    .enum(values, { error: `must be one of ${values.join(", ")}` })
    .default(fallback)
    .meta({ description: `Sort order: a field, or \`-field\` for descending. Default \`${fallback}\`.` });
}

/** The query of a list: paging, search, sort and the list's own filters. Unknown parameters are refused. */
function listQuery<const Fields extends readonly [string, ...string[]], Extra extends z.ZodRawShape>(
  id: string,
  options: { sort: Fields; defaultSort: Fields[number] | `-${Fields[number]}`; search: string; extra: Extra },
) {
  return z
    .object({ page, per, q: search.meta({ description: options.search }), sort: sortParam(options.sort, options.defaultSort), ...options.extra })
    .strict()
    .meta({ id });
}

export const PageMetadataSchema = z
  .object({
    total: z.number().int().min(0).meta({ description: "Items matching the query, on every page." }),
    page: z.number().int().min(1),
    per: z.number().int().min(1).max(MAX_PER),
  })
  .meta({ id: "PageMetadata" });
export type PageMetadata = z.infer<typeof PageMetadataSchema>;

/** The management list envelope `{ metadata: { total, page, per }, items }` (interface.md part 1). */
function pageOf<Item extends z.ZodType>(item: Item, id: string) {
  return z.object({ metadata: PageMetadataSchema, items: z.array(item) }).meta({ id });
}

// ───────────── Events, ministries, campuses ─────────────

/**
 * A calendar date YYYY-MM-DD that exists: the regex alone lets `2026-13-45` and `0000-00-00` through, which
 * PostgreSQL refuses (22008) and JS's Date rolls over (`2026-02-30` is 2 March). Year 0 does not exist for
 * PostgreSQL either. Found by the hostile-input proof: such a `from` was a 500.
 */
export function isExistingDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Event dates: from 1900 to 2999. Nobody plans a church event outside those years, and inside them the
 * instants of every time zone stay where PostgreSQL and JS agree (`0001-01-01 01:00` in Tokyo is in year 0,
 * which PostgreSQL refuses: a 500 found by the hostile-input proof).
 */
export const EVENT_YEARS = { min: 1900, max: 2999 } as const;

export const EVENT_SORT_FIELDS = ["startAt", "title", "updatedAt", "createdAt"] as const;
export const adminEventsQuerySchema = listQuery("AdminEventsQuery", {
  sort: EVENT_SORT_FIELDS,
  defaultSort: "startAt",
  search: "Words of the title or the slug.",
  extra: {
    status: z.enum(EVENT_STATUSES, { error: `must be one of ${EVENT_STATUSES.join(", ")}` }).optional().meta({ description: "Only events in this status." }),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD", abort: true })
      .refine(isExistingDate, "must be a date that exists")
      .optional()
      .meta({ description: "Only events ending on or after this date (UTC)." }),
  },
});
export type AdminEventsQuery = z.output<typeof adminEventsQuerySchema>;

/** An event as staff see it: the CalendarEvent shape (interface.md 2.1), drafts and every visibility included. */
export const AdminEventSchema = calendarEventSchema.meta({ id: "AdminEvent", description: "The CalendarEvent shape; staff also see drafts and non-public events." });
export type AdminEvent = z.infer<typeof AdminEventSchema>;
export const AdminEventPageSchema = pageOf(AdminEventSchema, "AdminEventPage");
export type AdminEventPage = z.infer<typeof AdminEventPageSchema>;

const EVENT_YEARS_MESSAGE = `must be a date from ${EVENT_YEARS.min}-01-01 to ${EVENT_YEARS.max}-12-31`;
const dateField = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD", abort: true })
  .refine(isExistingDate, { error: "must be a date that exists", abort: true })
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= EVENT_YEARS.min && year <= EVENT_YEARS.max;
  }, EVENT_YEARS_MESSAGE)
  .meta({ format: "date" });
const timeField = z.string({ error: "must be a time HH:MM" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM (24-hour)");
const text = (max: number, what = `must be from 1 to ${max} characters`) =>
  z
    .string({ error: what })
    .trim()
    .min(1, what)
    .max(max, what)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "must not contain control characters");
const idField = (prefix: string) => z.string({ error: `must be an id starting ${prefix}` }).regex(new RegExp(`^${prefix}[A-Za-z0-9_-]{1,60}$`), `must be an id starting ${prefix}`);
const httpsUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000, "must be at most 2000 characters");
const tagList = (what: string) =>
  z
    .array(z.string({ error: `each ${what} must be text` }).trim().min(1, `each ${what} must be from 1 to 40 characters`).max(40, `each ${what} must be from 1 to 40 characters`).refine((value) => !CONTROL_CHARACTERS.test(value), `each ${what} must be printable`), {
      error: `must be a list of ${what}s`,
    })
    .max(20, `must hold at most 20 ${what}s`);

const eventFields = {
  title: text(200).meta({ description: "1-200 characters." }),
  slug: z
    .string({ error: "must be lower-case letters, digits and dashes, 3-120 characters" })
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,118})[a-z0-9]$/, "must be lower-case letters, digits and dashes, 3-120 characters")
    .refine((value) => !value.startsWith("evt-") && !value.includes("--"), "must not start with evt- or hold two dashes in a row")
    .meta({ description: "The event page's address; made from the title and start date when left out." }),
  description: z.string({ error: "must be text" }).max(20_000, "must be at most 20000 characters").meta({ description: "May hold HTML; sanitized when rendered." }),
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }),
  serviceType: text(60),
  startDate: dateField,
  startTime: timeField,
  endDate: dateField,
  endTime: timeField,
  timezone: z.string({ error: "must be an IANA time zone such as America/New_York" }).max(64).refine(isValidTimeZone, "must be an IANA time zone such as America/New_York"),
  ministryId: idField("min_"),
  campusId: idField("cmp_"),
  seriesId: idField("ser_"),
  visibility: z.enum(EVENT_VISIBILITIES, { error: `must be one of ${EVENT_VISIBILITIES.join(", ")}` }),
  audience: tagList("audience"),
  attendanceModes: z.array(z.enum(ATTENDANCE_MODES, { error: `each must be one of ${ATTENDANCE_MODES.join(", ")}` }), { error: "must be a list" }).max(5),
  capacity: z.number({ error: "must be a whole number from 1 to 1000000" }).int("must be a whole number from 1 to 1000000").min(1, "must be a whole number from 1 to 1000000").max(1_000_000, "must be a whole number from 1 to 1000000"),
  organizer: text(120),
  imageUrl: z.union([httpsUrl, z.string().regex(/^\/[A-Za-z0-9._~/-]{1,300}$/)], { error: "must be an http(s) URL or a path on this site" }),
  registrationUrl: httpsUrl,
  location: z
    .object(
      {
        name: text(200),
        address: text(300),
        coordinates: z
          .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }, { error: "must be { latitude, longitude }" })
          .strict()
          .optional(),
      },
      { error: "must be { name, address, coordinates? }" },
    )
    .strict(),
  tags: tagList("tag"),
};

/** POST /api/v1/admin/events: a new event, always a DRAFT until published. */
export const createEventBodySchema = z
  .object({
    title: eventFields.title,
    slug: eventFields.slug.optional(),
    description: eventFields.description.default(""),
    eventType: eventFields.eventType,
    serviceType: eventFields.serviceType.optional(),
    startDate: eventFields.startDate,
    startTime: eventFields.startTime,
    endDate: eventFields.endDate,
    endTime: eventFields.endTime,
    timezone: eventFields.timezone,
    ministryId: eventFields.ministryId.optional(),
    campusId: eventFields.campusId.optional(),
    seriesId: eventFields.seriesId.optional(),
    visibility: eventFields.visibility.default("public"),
    audience: eventFields.audience.default([]),
    attendanceModes: eventFields.attendanceModes.default([]),
    capacity: eventFields.capacity.optional(),
    organizer: eventFields.organizer.optional(),
    imageUrl: eventFields.imageUrl.optional(),
    registrationUrl: eventFields.registrationUrl.optional(),
    location: eventFields.location.optional(),
    tags: eventFields.tags.default([]),
  })
  .strict()
  .meta({ id: "CreateEventBody" });
export type CreateEventBody = z.output<typeof createEventBodySchema>;
export type CreateEventInput = z.input<typeof createEventBodySchema>;

/** PATCH /api/v1/admin/events/{id}: the fields to change; `null` clears an optional one. Status has its own routes. */
export const updateEventBodySchema = z
  .object({
    title: eventFields.title.optional(),
    slug: eventFields.slug.optional(),
    description: eventFields.description.optional(),
    eventType: eventFields.eventType.optional(),
    serviceType: eventFields.serviceType.nullable().optional(),
    startDate: eventFields.startDate.optional(),
    startTime: eventFields.startTime.optional(),
    endDate: eventFields.endDate.optional(),
    endTime: eventFields.endTime.optional(),
    timezone: eventFields.timezone.optional(),
    ministryId: eventFields.ministryId.nullable().optional(),
    campusId: eventFields.campusId.nullable().optional(),
    seriesId: eventFields.seriesId.nullable().optional(),
    visibility: eventFields.visibility.optional(),
    audience: eventFields.audience.optional(),
    attendanceModes: eventFields.attendanceModes.optional(),
    capacity: eventFields.capacity.nullable().optional(),
    organizer: eventFields.organizer.nullable().optional(),
    imageUrl: eventFields.imageUrl.nullable().optional(),
    registrationUrl: eventFields.registrationUrl.nullable().optional(),
    location: eventFields.location.nullable().optional(),
    tags: eventFields.tags.optional(),
  })
  .strict()
  // Only when the body is otherwise valid: an unknown field is the one problem to name.
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateEventBody" });
export type UpdateEventBody = z.output<typeof updateEventBodySchema>;

/** The status changes staff make, and the statuses each may start from. */
export const EVENT_STATUS_CHANGES = {
  publish: { to: "SCHEDULED", from: ["DRAFT", "SCHEDULED", "POSTPONED", "CANCELLED"] },
  cancel: { to: "CANCELLED", from: ["SCHEDULED", "ACTIVE", "POSTPONED", "CANCELLED"] },
  postpone: { to: "POSTPONED", from: ["SCHEDULED", "ACTIVE", "POSTPONED"] },
} as const satisfies Record<string, { to: (typeof EVENT_STATUSES)[number]; from: readonly (typeof EVENT_STATUSES)[number][] }>;
export type EventStatusChange = keyof typeof EVENT_STATUS_CHANGES;

const placeQuery = (id: string) =>
  listQuery(id, { sort: ["name", "createdAt"] as const, defaultSort: "name", search: "Words of the name.", extra: {} });
export const adminMinistriesQuerySchema = placeQuery("AdminMinistriesQuery");
export const adminCampusesQuerySchema = placeQuery("AdminCampusesQuery");
export type AdminPlaceQuery = z.output<typeof adminMinistriesQuerySchema>;

export const AdminMinistrySchema = z.object({ id: z.string(), name: z.string(), event_count: z.number().int(), created_at: z.iso.datetime() }).meta({ id: "AdminMinistry" });
export type AdminMinistry = z.infer<typeof AdminMinistrySchema>;
export const AdminMinistryPageSchema = pageOf(AdminMinistrySchema, "AdminMinistryPage");
export const AdminCampusSchema = z
  .object({ id: z.string(), name: z.string(), timezone: z.string(), event_count: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: "AdminCampus" });
export type AdminCampus = z.infer<typeof AdminCampusSchema>;
export const AdminCampusPageSchema = pageOf(AdminCampusSchema, "AdminCampusPage");

export const createMinistryBodySchema = z.object({ name: text(120) }).strict().meta({ id: "CreateMinistryBody" });
export const createCampusBodySchema = z.object({ name: text(120), timezone: eventFields.timezone }).strict().meta({ id: "CreateCampusBody" });

// ───────────── Users and roles ─────────────

export const USER_STATUSES = ["active", "disabled"] as const;
export const adminUsersQuerySchema = listQuery("AdminUsersQuery", {
  sort: ["email", "familyName", "createdAt"] as const,
  defaultSort: "familyName",
  search: "Part of the email address or the name.",
  extra: { status: z.enum(USER_STATUSES, { error: "must be active or disabled" }).optional().meta({ description: "Only active or only disabled accounts." }) },
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    given_name: z.string(),
    family_name: z.string(),
    roles: z.array(z.string()).meta({ description: "Role names, sorted." }),
    mfa_enabled: z.boolean().meta({ description: "A confirmed authenticator; never its secret." }),
    disabled_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = pageOf(AdminUserSchema, "AdminUserPage");

export const setUserRolesBodySchema = z
  .object({
    roles: z
      .array(z.string({ error: "must be role names" }).regex(/^[a-z][a-z0-9_-]{0,39}$/, "must be role names"), { error: "must be a list of role names" })
      .max(20, "must hold at most 20 roles"),
  })
  .strict()
  .meta({ id: "SetUserRolesBody" });

export const rolesQuerySchema = listQuery("AdminRolesQuery", { sort: ["name"] as const, defaultSort: "name", search: "Part of the name.", extra: {} });
export const AdminRoleSchema = z
  .object({ name: z.string(), description: z.string(), permissions: z.array(z.string()), assignable: z.boolean().meta({ description: "False for `guardian`, which guardianships give." }) })
  .meta({ id: "AdminRole" });
export const AdminRolePageSchema = pageOf(AdminRoleSchema, "AdminRolePage");

// ───────────── Clients ─────────────

export const adminClientsQuerySchema = listQuery("AdminClientsQuery", {
  sort: ["name", "createdAt"] as const,
  defaultSort: "name",
  search: "Part of the client id or name.",
  extra: {},
});
export type AdminClientsQuery = z.output<typeof adminClientsQuerySchema>;

export const AdminClientSchema = z
  .object({
    client_id: z.string(),
    name: z.string(),
    type: z.enum(["confidential", "public"]),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    scopes: z.array(z.string()),
    first_party: z.boolean(),
    created_at: z.iso.datetime(),
    disabled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminClient", description: "A registered client; its secret is never answered (only once, when made or rotated)." });
export type AdminClient = z.infer<typeof AdminClientSchema>;
export const AdminClientPageSchema = pageOf(AdminClientSchema, "AdminClientPage");
export const AdminClientWithSecretSchema = AdminClientSchema.extend({
  client_secret: z.string().nullable().meta({ description: "Shown this once; store it now. Null for a public client." }),
}).meta({ id: "AdminClientWithSecret" });

/** https, or http on this device only (lib/oauth/clients/redirect-uri.ts: RFC 8252 loopback, no fragment, no user name). */
const redirectUri = z
  .string({ error: "must be URLs" })
  .superRefine((uri, context) => {
    const problem = redirectUriProblem(uri);
    if (problem) context.addIssue({ code: "custom", message: redirectUriProblemMessage(problem) });
  })
  .meta({ format: "uri", description: "Matched exactly. https, or http on 127.0.0.1, [::1] or localhost (RFC 8252); no fragment, no user name or password." });
const uriList = z.array(redirectUri, { error: "must be a list of URLs" }).max(20, "must hold at most 20 URLs");
// The staff API registers third-party clients only: account control and staff scopes are never theirs.
const CLIENT_SCOPES = THIRD_PARTY_SCOPES;
const scopeList = z.array(z.enum(CLIENT_SCOPES, { error: `each must be one of ${CLIENT_SCOPES.join(", ")}` }), { error: "must be a list of scopes" }).min(1, "must hold at least one scope");

export const createClientBodySchema = z
  .object({
    name: text(100),
    type: z.enum(["confidential", "public"], { error: "must be confidential or public" }),
    redirect_uris: uriList.min(1, "must hold at least one URL"),
    post_logout_redirect_uris: uriList.default([]),
    grant_types: z
      .array(z.enum(["authorization_code", "refresh_token", "client_credentials"], { error: "each must be authorization_code, refresh_token or client_credentials" }))
      .min(1, "must hold at least one grant type")
      .default(["authorization_code", "refresh_token"]),
    scopes: scopeList.default(["openid", "profile", "email"]),
  })
  .strict()
  .refine((body) => body.type === "confidential" || !body.grant_types.includes("client_credentials"), { message: "client_credentials needs a confidential client", path: ["grant_types"] })
  .meta({ id: "CreateClientBody" });
export type CreateClientBody = z.output<typeof createClientBodySchema>;

export const updateClientBodySchema = z
  .object({ name: text(100).optional(), redirect_uris: uriList.min(1, "must hold at least one URL").optional(), post_logout_redirect_uris: uriList.optional(), scopes: scopeList.optional() })
  .strict()
  // Only when the body is otherwise valid: an unknown field is the one problem to name.
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateClientBody" });
export type UpdateClientBody = z.output<typeof updateClientBodySchema>;

// ───────────── Membership register and link requests ─────────────

export const adminMembershipRecordsQuerySchema = listQuery("AdminMembershipRecordsQuery", {
  sort: ["familyName", "createdAt"] as const,
  defaultSort: "familyName",
  search: "Part of the name, email address or phone number.",
  extra: { linked: z.enum(["true", "false"], { error: "must be true or false" }).optional().meta({ description: "Only linked (true) or unlinked (false) records." }) },
});
export type AdminMembershipRecordsQuery = z.output<typeof adminMembershipRecordsQuerySchema>;

const CampusRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export const AdminMembershipRecordSchema = z
  .object({
    membership_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    household_id: z.string().nullable(),
    campus: CampusRefSchema,
    linked_user_id: z.string().nullable(),
    linked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminMembershipRecord", description: "A register record as the church office keeps it." });
export type AdminMembershipRecord = z.infer<typeof AdminMembershipRecordSchema>;
export const AdminMembershipRecordPageSchema = pageOf(AdminMembershipRecordSchema, "AdminMembershipRecordPage");

export const SUGGESTION_STATUSES = ["pending", "approved", "rejected", "closed"] as const;
export const adminSuggestionsQuerySchema = listQuery("AdminMembershipSuggestionsQuery", {
  sort: ["createdAt"] as const,
  defaultSort: "createdAt",
  search: "Part of the member's or the record's name or email address.",
  extra: {
    status: z
      .enum(SUGGESTION_STATUSES, { error: `must be one of ${SUGGESTION_STATUSES.join(", ")}` })
      .default("pending")
      .meta({ description: "Requests in this status; default `pending`." }),
  },
});
export type AdminSuggestionsQuery = z.output<typeof adminSuggestionsQuerySchema>;

export const AdminMembershipSuggestionSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUGGESTION_STATUSES),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    member: z.object({ id: z.string(), email: z.string().nullable(), given_name: z.string(), family_name: z.string(), birth_date: z.string().nullable() }),
    record: z.object({
      membership_id: z.string(),
      given_name: z.string(),
      family_name: z.string(),
      birth_date: z.string().nullable(),
      campus: CampusRefSchema,
      linked: z.boolean().meta({ description: "Already linked to an account (this member's or another's)." }),
    }),
  })
  .meta({ id: "AdminMembershipSuggestion", description: "A member's request that staff link a register record to their account." });
export type AdminMembershipSuggestion = z.infer<typeof AdminMembershipSuggestionSchema>;
export const AdminMembershipSuggestionPageSchema = pageOf(AdminMembershipSuggestionSchema, "AdminMembershipSuggestionPage");

// ───────────── Families and guardianships ─────────────

export const adminFamiliesQuerySchema = listQuery("AdminFamiliesQuery", { sort: ["name", "createdAt"] as const, defaultSort: "name", search: "Part of the family's name.", extra: {} });
export type AdminFamiliesQuery = z.output<typeof adminFamiliesQuerySchema>;

export const AdminFamilySchema = z
  .object({ id: z.string(), name: z.string(), member_count: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: "AdminFamily", description: "A household; its join code is never answered here." });
export const AdminFamilyPageSchema = pageOf(AdminFamilySchema, "AdminFamilyPage");
export const AdminFamilyDetailSchema = AdminFamilySchema.extend({
  members: z.array(z.object({ user_id: z.string(), given_name: z.string(), family_name: z.string(), role: z.enum(["adult", "child"]), joined_at: z.iso.datetime() })),
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
