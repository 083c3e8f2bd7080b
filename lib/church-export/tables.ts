import "server-only";

/**
 * What the whole-church export holds (issue 39): one file per table, in the order the zip lists them, each
 * read in pages by its key. A table is its columns, each a name (the CSV's header and the JSON's key) and the
 * SQL that reads it; nothing is exported that is not named here, so a secret column added to the schema never
 * reaches the download by itself. Left out on purpose: password hashes, authenticator secrets, passkeys,
 * recovery codes, sessions and tokens, household join codes, pickup security codes and tags (credentials, not
 * records), and the derived search keys of the register.
 */

export const EXPORT_KINDS = ["people", "households", "events", "registrations", "attendance"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportTable {
  /** The file's name without its extension: `csv/<name>.csv` and `json/<name>.json`. */
  name: string;
  kind: ExportKind;
  /** What one row is, for README.txt. */
  about: string;
  /** `FROM` clause: the table aliased, and what its columns join. */
  from: string;
  /** The unique column the pages are read in the order of, and its type (the first page starts below every value). */
  key: { sql: string; type: "uuid" | "text" };
  columns: readonly (readonly [name: string, sql: string])[];
}

/** A moment as ISO 8601 in UTC with milliseconds (`2026-11-21T09:30:00.000Z`), whatever the session's time zone. */
const iso = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ACCOUNTS: ExportTable = {
  name: "accounts",
  kind: "people",
  about: "everyone with an account (a sign-in, or a child added by a household): names, contact details, birth date, roles, household",
  from: "account a LEFT JOIN family_member fm ON fm.user_id = a.id LEFT JOIN membership_record mr ON mr.linked_user_id = a.id",
  key: { sql: "a.id", type: "uuid" },
  columns: [
    ["id", "a.id"],
    ["given_name", "a.given_name"],
    ["family_name", "a.family_name"],
    ["nickname", "a.nickname"],
    ["email", "a.email"],
    ["email_verified_at", iso("a.email_verified_at")],
    ["phone", "a.phone"],
    ["phone_verified_at", iso("a.phone_verified_at")],
    ["birth_date", "a.birth_date"],
    ["locale", "a.locale"],
    ["roles", "ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = a.id ORDER BY r.name)"],
    ["household_id", "fm.family_id"],
    ["household_role", "fm.role"],
    ["membership_record_id", "mr.id"],
    ["disabled_at", iso("a.disabled_at")],
    ["created_at", iso("a.created_at")],
    ["updated_at", iso("a.updated_at")],
  ],
};

const MEMBERSHIP_RECORDS: ExportTable = {
  name: "membership-records",
  kind: "people",
  about: "the membership register: each record as the office keeps it, its campus, and the account it is linked to, if any",
  from: "membership_record m LEFT JOIN campus c ON c.id = m.campus_id",
  key: { sql: "m.id", type: "text" },
  columns: [
    ["id", "m.id"],
    ["given_name", "m.given_name"],
    ["middle_name", "m.middle_name"],
    ["family_name", "m.family_name"],
    ["nickname", "m.nickname"],
    ["gender", "m.gender"],
    ["birth_date", "m.birth_date"],
    ["email", "m.email"],
    ["phone", "m.phone"],
    ["address", "m.address"],
    ["register_household_id", "m.household_id"],
    ["register_household_name", "m.household_name"],
    ["other_system_id", "m.remote_id"],
    ["campus_id", "m.campus_id"],
    ["campus_name", "c.name"],
    ["linked_account_id", "m.linked_user_id"],
    ["linked_at", iso("m.linked_at")],
    ["created_at", iso("m.created_at")],
    ["updated_at", iso("m.updated_at")],
  ],
};

const HOUSEHOLDS: ExportTable = {
  name: "households",
  kind: "households",
  about: "each household: its name and how many adults and children are in it",
  from: "family f",
  key: { sql: "f.id", type: "uuid" },
  columns: [
    ["id", "f.id"],
    ["name", "f.name"],
    ["adults", "(SELECT count(*) FROM family_member x WHERE x.family_id = f.id AND x.role = 'adult')"],
    ["children", "(SELECT count(*) FROM family_member x WHERE x.family_id = f.id AND x.role = 'child')"],
    ["created_at", iso("f.created_at")],
  ],
};

const HOUSEHOLD_MEMBERS: ExportTable = {
  name: "household-members",
  kind: "households",
  about: "who is in which household, as an adult or a child, since when, and a child's notes for those who look after them",
  from: "family_member fm JOIN family f ON f.id = fm.family_id JOIN account a ON a.id = fm.user_id",
  key: { sql: "fm.user_id", type: "uuid" },
  columns: [
    ["household_id", "fm.family_id"],
    ["household_name", "f.name"],
    ["person_id", "fm.user_id"],
    ["given_name", "a.given_name"],
    ["family_name", "a.family_name"],
    ["birth_date", "a.birth_date"],
    ["role", "fm.role"],
    ["joined_at", iso("fm.joined_at")],
    ["notes", "fm.notes"],
  ],
};

const GUARDIANSHIPS: ExportTable = {
  name: "guardianships",
  kind: "households",
  about: "who is the parent or guardian of whom, since when, and when it ended (at the child's coming of age, or by staff)",
  from: "guardianship g JOIN account ga ON ga.id = g.guardian_id JOIN account da ON da.id = g.dependent_id",
  key: { sql: "g.id", type: "uuid" },
  columns: [
    ["id", "g.id"],
    ["guardian_id", "g.guardian_id"],
    ["guardian_given_name", "ga.given_name"],
    ["guardian_family_name", "ga.family_name"],
    ["dependent_id", "g.dependent_id"],
    ["dependent_given_name", "da.given_name"],
    ["dependent_family_name", "da.family_name"],
    ["created_at", iso("g.created_at")],
    ["ended_at", iso("g.ended_at")],
  ],
};

const EVENTS: ExportTable = {
  name: "events",
  kind: "events",
  about:
    "every event, published or not: its kind, status and who may see it, its local dates and times in its time zone (and the moments they are, in UTC), campus, ministry, series, place and sign-up settings",
  from: "event e LEFT JOIN campus c ON c.id = e.campus_id LEFT JOIN ministry m ON m.id = e.ministry_id LEFT JOIN event_series s ON s.id = e.series_id",
  key: { sql: "e.id", type: "text" },
  columns: [
    ["id", "e.id"],
    ["slug", "e.slug"],
    ["title", "e.title"],
    ["event_type", "e.event_type::text"],
    ["service_type", "e.service_type"],
    ["status", "e.status::text"],
    ["visibility", "e.visibility::text"],
    ["start_date", "e.start_date"],
    ["start_time", "e.start_time"],
    ["end_date", "e.end_date"],
    ["end_time", "e.end_time"],
    ["timezone", "e.timezone"],
    ["start_at", iso("e.start_at")],
    ["end_at", iso("e.end_at")],
    ["campus_id", "e.campus_id"],
    ["campus_name", "c.name"],
    ["ministry_id", "e.ministry_id"],
    ["ministry_name", "m.name"],
    ["series_id", "e.series_id"],
    ["series_title", "s.title"],
    ["recurrence_date", "e.recurrence_date"],
    ["edited_apart_from_series", "e.series_override"],
    ["audience", "e.audience"],
    ["attendance_modes", "e.attendance_modes::text[]"],
    ["capacity", "e.capacity"],
    ["organizer", "e.organizer"],
    ["location_name", "e.location_name"],
    ["location_address", "e.location_address"],
    ["latitude", "e.latitude"],
    ["longitude", "e.longitude"],
    ["image_url", "e.image_url"],
    ["registration_url", "e.registration_url"],
    ["registration_open", "e.registration_open"],
    ["registration_opens_at", iso("e.registration_opens_at")],
    ["registration_closes_at", iso("e.registration_closes_at")],
    ["registration_waitlist", "e.registration_waitlist"],
    ["tags", "e.tags"],
    ["description", "e.description"],
    ["created_at", iso("e.created_at")],
    ["updated_at", iso("e.updated_at")],
  ],
};

const EVENT_SERIES: ExportTable = {
  name: "event-series",
  kind: "events",
  about: "each recurring series: how it repeats (weekly or monthly, on which days, until when), and how many events it has",
  from: "event_series s",
  key: { sql: "s.id", type: "text" },
  columns: [
    ["id", "s.id"],
    ["title", "s.title"],
    ["frequency", "s.frequency::text"],
    ["interval", 's."interval"'],
    ["weekdays", "s.weekdays"],
    ["month_week", "s.month_week"],
    ["start_date", "s.start_date"],
    ["start_time", "s.start_time"],
    ["end_time", "s.end_time"],
    ["end_day_offset", "s.end_day_offset"],
    ["timezone", "s.timezone"],
    ["until_date", "s.until_date"],
    ["count", 's."count"'],
    ["events", "(SELECT count(*) FROM event x WHERE x.series_id = s.id)"],
    ["created_at", iso("s.created_at")],
    ["updated_at", iso("s.updated_at")],
  ],
};

const CAMPUSES: ExportTable = {
  name: "campuses",
  kind: "events",
  about: "the places the church meets, with their time zones",
  from: "campus c",
  key: { sql: "c.id", type: "text" },
  columns: [
    ["id", "c.id"],
    ["name", "c.name"],
    ["timezone", "c.timezone"],
    ["created_at", iso("c.created_at")],
  ],
};

const MINISTRIES: ExportTable = {
  name: "ministries",
  kind: "events",
  about: "the ministries that hold events",
  from: "ministry m",
  key: { sql: "m.id", type: "text" },
  columns: [
    ["id", "m.id"],
    ["name", "m.name"],
    ["created_at", iso("m.created_at")],
  ],
};

const REGISTRATIONS: ExportTable = {
  name: "registrations",
  kind: "registrations",
  about: "every sign-up for an event: who, for which event, registered, waitlisted (with their place on the waiting list) or cancelled, and when",
  from: "event_registration r JOIN event e ON e.id = r.event_id JOIN account p ON p.id = r.person_id",
  key: { sql: "r.id", type: "uuid" },
  columns: [
    ["id", "r.id"],
    ["event_id", "r.event_id"],
    ["event_title", "e.title"],
    ["event_start_at", iso("e.start_at")],
    ["person_id", "r.person_id"],
    ["given_name", "p.given_name"],
    ["family_name", "p.family_name"],
    ["status", "r.status"],
    // Sign-ups are numbered as they were taken (seq): the waitlist is in that order.
    [
      "waitlist_position",
      "CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*) FROM event_registration w WHERE w.event_id = r.event_id AND w.status = 'waitlisted' AND w.seq <= r.seq) END",
    ],
    ["registered_by_id", "r.registered_by"],
    ["signed_up_at", iso("r.created_at")],
    ["promoted_at", iso("r.promoted_at")],
    ["cancelled_at", iso("r.cancelled_at")],
    ["cancelled_by_id", "r.cancelled_by"],
  ],
};

const ATTENDANCE: ExportTable = {
  name: "attendance",
  kind: "attendance",
  about: "every check-in: who, at which event and on which day, how (kiosk, self or staff), who dropped a child off and picked them up, when they were checked out, and whether staff undid it",
  from: "check_in c JOIN event e ON e.id = c.event_id JOIN account p ON p.id = c.person_id",
  key: { sql: "c.id", type: "uuid" },
  columns: [
    ["id", "c.id"],
    ["event_id", "c.event_id"],
    ["event_title", "e.title"],
    ["service_date", "c.service_date"],
    ["person_id", "c.person_id"],
    ["given_name", "p.given_name"],
    ["family_name", "p.family_name"],
    ["household_id", "c.family_id"],
    ["method", "c.method"],
    ["kiosk_client_id", "c.kiosk_client_id"],
    ["checked_in_by_staff_id", "c.staff_id"],
    ["dropped_off_by_id", "c.dropped_off_by"],
    ["checked_in_at", iso("c.checked_in_at")],
    ["checked_out_at", iso("c.checked_out_at")],
    ["check_out_method", "c.check_out_method"],
    ["picked_up_by_id", "c.picked_up_by"],
    ["checked_out_by_staff_id", "c.checked_out_by_staff_id"],
    ["checked_out_by_client_id", "c.checked_out_by_client_id"],
    ["undone_at", iso("c.undone_at")],
    ["undone_by_id", "c.undone_by"],
  ],
};

/** In the order of the zip and of README.txt. */
export const EXPORT_TABLES: readonly ExportTable[] = [
  ACCOUNTS,
  MEMBERSHIP_RECORDS,
  HOUSEHOLDS,
  HOUSEHOLD_MEMBERS,
  GUARDIANSHIPS,
  EVENTS,
  EVENT_SERIES,
  CAMPUSES,
  MINISTRIES,
  REGISTRATIONS,
  ATTENDANCE,
];

/** How many rows each file holds, by file name. */
export type ExportCounts = Record<string, number>;

/** Below every value of a key's type: where the first page starts. */
const FIRST_KEY = { uuid: "00000000-0000-0000-0000-000000000000", text: "" } as const;

export function firstKey(table: ExportTable): string {
  return FIRST_KEY[table.key.type];
}

/**
 * One page of a table after `$1` (its key), at most `$2` rows, each as its JSON text: the same values whichever
 * driver reads them (the embedded database's or PostgreSQL's), with `_key` for the next page.
 */
export function pageSql(table: ExportTable): string {
  const columns = table.columns.map(([name, sql]) => `${sql} AS "${name}"`).join(", ");
  return `SELECT row_to_json(t)::text AS row FROM (
            SELECT ${table.key.sql} AS "_key", ${columns} FROM ${table.from}
             WHERE ${table.key.sql} > $1::${table.key.type} ORDER BY ${table.key.sql} LIMIT $2::int
          ) t ORDER BY t."_key"`;
}

/** Every table's row count in one statement. */
export function countSql(tables: readonly ExportTable[] = EXPORT_TABLES): string {
  return `SELECT ${tables.map((table) => `(SELECT count(*)::int FROM ${table.from}) AS "${table.name}"`).join(", ")}`;
}
