import type { Database } from "../db/database.ts";
import { nicknameVariants } from "./nicknames.ts";
import { MAX_MATCHES, type MembershipHint, type MembershipMatch } from "./schemas.ts";

/**
 * The ranking of the membership register (decisions.md part 3, docs/decisions/0012), in one SQL statement
 * on PostgreSQL's pg_trgm (PGlite loads the same extension):
 *
 * - a name query is folded by membership_fold() as the records' names are (case, accents, punctuation), and
 *   compared by trigram similarity with the name; with the query's given name swapped for each nickname
 *   equivalent (Bill → William), at 0.97 of the similarity so a record spelled as typed wins a tie;
 * - a query that is a contact (an email address, or a phone number) matches only when it is one of the
 *   member's OWN verified addresses or numbers, and then only the records holding exactly that contact,
 *   at 1: a search can never confirm that someone else's address or number is in the register (issue 14,
 *   finding 5). It is not read as a name either;
 * - a record holding one of the member's own verified emails or phones counts for more: its score goes
 *   half-way from the text score to 1 (so it stays in (0, 1], and a perfect name match is 1 either way,
 *   the own-contact one first);
 * - candidates are what pg_trgm's `%` operator finds (similarity at least pg_trgm.similarity_threshold,
 *   0.3 by default) through the GIN trigram index; only records not linked to any account;
 * - a name that contains the query (a surname alone) counts at 0.9 of pg_trgm's word similarity, so
 *   "Smith" finds every Smith, below anyone whose whole name matches;
 * - at most 10, highest score first, then own-contact ones, then the closer whole name (so of two
 *   records the query's words fit equally, the one with fewer other words wins), then by id so equal
 *   scores keep one order.
 *
 * Raw SQL: pg_trgm operators and unnest (docs/decisions/0019, reason 4). Kept free of `server-only`, and
 * asking only for `query`, so the quality benchmark runs it unchanged on a connection of its own.
 */
const NICKNAME_WEIGHT = 0.97;
const PART_WEIGHT = 0.9;
const OWN_CONTACT_PULL = 0.5;

const SEARCH_SQL = `
WITH scored AS (
  SELECT r.id, r.campus_id, r.given_name, r.family_name, r.birth_date,
         GREATEST(
           CASE WHEN $1 <> '' THEN similarity(r.search_name, membership_fold($1)) ELSE 0 END,
           CASE WHEN $1 <> '' THEN ${PART_WEIGHT} * word_similarity(membership_fold($1), r.search_name) ELSE 0 END,
           ${NICKNAME_WEIGHT} * COALESCE((SELECT max(similarity(r.search_name, v)) FROM unnest($2::text[]) AS v), 0),
           CASE WHEN r.email = $3 OR r.phone = $4 THEN 1 ELSE 0 END
         ) AS text_score,
         similarity(r.search_name, membership_fold($1)) AS name_score,
         (r.email = ANY($5::text[]) OR r.phone = ANY($6::text[])) IS TRUE AS own
    FROM membership_record r
   WHERE r.linked_user_id IS NULL
     AND (($1 <> '' AND (r.search_name % membership_fold($1) OR membership_fold($1) <% r.search_name))
          OR r.search_name % ANY($2::text[])
          OR r.email = $3
          OR r.phone = $4)
)
SELECT s.id, c.id AS campus_id, c.name AS campus_name, s.own, s.given_name, s.family_name, s.birth_date,
       round((s.text_score + (1 - s.text_score) * CASE WHEN s.own THEN ${OWN_CONTACT_PULL} ELSE 0 END)::numeric, 4)::float8 AS score
  FROM scored s
  LEFT JOIN campus c ON c.id = s.campus_id
 WHERE s.text_score > 0
 ORDER BY score DESC, s.own DESC, s.name_score DESC, s.id
 LIMIT ${MAX_MATCHES}`;

/**
 * What a query asks for: a name, or a contact. A contact counts only when it is one of the member's own
 * verified ones; otherwise it asks for nothing (the same empty answer as a contact on no record).
 */
function readQuery(input: MembershipSearchInput): { name: string; email: string | null; phone: string | null } {
  const text = input.text.trim();
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return { name: "", email: input.ownEmails.includes(email) ? email : null, phone: null };
  }
  const digits = text.replace(/\D/g, "");
  if (digits.length >= 6 && !/\p{L}/u.test(text)) {
    // As people type their own number: with or without +, the country code, spaces and brackets.
    const own = input.ownPhones.find((phone) => phone.slice(1) === digits || phone.slice(1).endsWith(digits));
    return { name: "", email: null, phone: own && digits.length >= 8 ? own : null };
  }
  return { name: text, email: null, phone: null };
}

export interface MembershipSearchInput {
  /** The query as the member typed it (already trimmed, 2-100 characters). */
  text: string;
  /** The member's own verified email addresses, lower-cased. */
  ownEmails: readonly string[];
  /** The member's own verified phone numbers, E.164. */
  ownPhones: readonly string[];
}

export async function searchMembershipRecords(database: Pick<Database, "query">, input: MembershipSearchInput): Promise<MembershipMatch[]> {
  const asked = readQuery(input);
  if (!asked.name && !asked.email && !asked.phone) return [];
  const rows = await database.query<SearchRow>(SEARCH_SQL, [
    asked.name,
    asked.name ? nicknameVariants(asked.name) : [],
    asked.email,
    asked.phone,
    [...input.ownEmails],
    [...input.ownPhones],
  ]);
  return rows.map((row) => ({
    membership_id: row.id,
    score: Number(row.score),
    campus: row.campus_id && row.campus_name ? { id: row.campus_id, name: row.campus_name } : null,
    hint: membershipHint(row),
  }));
}

interface SearchRow {
  id: string;
  campus_id: string | null;
  campus_name: string | null;
  score: number | string;
  own: boolean;
  given_name: string;
  family_name: string;
  birth_date: string | null;
}

/** The first letter of a name, as a capital: `ruth` → `R`; a name without a letter gives none. */
const initialOf = (name: string) => /\p{L}/u.exec(name)?.[0]?.toLocaleUpperCase("en") ?? "";

/** A record's hint (schemas.ts MembershipHintSchema): initials, and the decade of birth or, on the member's own, the year. */
export function membershipHint(record: { given_name: string; family_name: string; birth_date: string | null; own: boolean }): MembershipHint {
  const initials = [initialOf(record.given_name), initialOf(record.family_name)].filter(Boolean).map((letter) => `${letter}.`).join(" ");
  const year = record.birth_date?.slice(0, 4);
  const born = year && /^\d{4}$/.test(year) ? (record.own ? year : `${year.slice(0, 3)}0s`) : null;
  return { initials, born };
}
