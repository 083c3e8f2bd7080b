/**
 * Which column of a people file feeds which field (issue 40): the column names of the systems churches
 * move from, and the guess the import page offers before the office confirms or changes it. Pure.
 *
 * Headers are compared normalised (lower case, letters and digits only), so "E-mail", "EMAIL" and
 * "e_mail" are one name; a header the tables do not know is simply left unmapped for the office to choose.
 */

export const PERSON_FIELDS = [
  "remote_id",
  "given_name",
  "nickname",
  "middle_name",
  "family_name",
  "birth_date",
  "email",
  "mobile_phone",
  "home_phone",
  "household_id",
  "household_name",
  "household_primary",
  "gender",
  "address",
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/** Which CSV column (its header text, exactly as in the file) feeds each field. */
export type PeopleColumnMapping = Partial<Record<PersonField, string>>;

export type PeopleFileSource = "planning_center" | "breeze" | "churchsuite" | "other";

/** Everything but letters and digits: dropped from a header before it is compared. */
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** "Mobile Phone Number", "mobile_phone_number" and " MOBILE-PHONE NUMBER " are one name: `mobilephonenumber`. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(NOT_LETTER_OR_DIGIT, "");
}

/**
 * The names each field is known by, normalised, best first: when a file has two of them, the first wins.
 * Planning Center People (export and import template), Breeze (people export) and ChurchSuite (address book
 * export) first, then names people give columns by hand.
 */
const FIELD_ALIASES: Record<PersonField, readonly string[]> = {
  // Planning Center's own "Person ID" before its "Remote ID": the latter is the id in the system the
  // church used before Planning Center, often empty, while Person ID is what a later export will carry again.
  remote_id: ["personid", "breezeid", "id", "remoteid", "memberid", "contactid", "individualid"],
  // Planning Center's "First Name" is the name a person uses; its "Given Name" is the legal one, used
  // only when it differs, so First Name wins when a file has both.
  given_name: ["firstname", "givenname", "forename", "forenames", "first"],
  nickname: ["nickname", "preferredname", "knownas", "goesby"],
  middle_name: ["middlename", "middle", "middlenames"],
  family_name: ["lastname", "familyname", "surname", "last"],
  birth_date: ["birthdate", "dateofbirth", "birthday", "dob", "born"],
  email: ["email", "homeemail", "emailaddress", "personalemail", "primaryemail", "workemail", "otheremail"],
  mobile_phone: ["mobilephonenumber", "mobilephone", "mobile", "mobilenumber", "cellphonenumber", "cellphone", "cell"],
  // "Home" is Breeze's home phone column; "telephone" is ChurchSuite's landline.
  home_phone: ["homephonenumber", "homephone", "home", "telephone", "phone", "phonenumber", "landline"],
  household_id: ["householdid", "familyid"],
  household_name: ["householdname", "household"],
  // Breeze has no primary-contact column; its "Family Role" says "Head of Household" instead.
  household_primary: ["householdprimarycontact", "primarycontact", "headofhousehold", "familyrole", "householdrole"],
  gender: ["gender", "sex"],
  address: ["address", "homeaddressstreetline1", "homeaddress", "streetaddress", "address1", "addressline1", "street"],
};

/**
 * Headers only one system writes (lower case, as the system spells them): ChurchSuite's are snake_case,
 * which tells its "first_name" from Planning Center's "First Name" even though both normalise alike.
 */
const SOURCE_SIGNATURES: Record<Exclude<PeopleFileSource, "other">, ReadonlySet<string>> = {
  planning_center: new Set([
    "person id",
    "remote id",
    "given name",
    "mobile phone number",
    "home phone number",
    "work phone number",
    "household primary contact",
    "household id",
    "household name",
    "home email",
    "work email",
    "home address street line 1",
    "name prefix",
    "name suffix",
  ]),
  breeze: new Set(["breeze id", "family id", "family role", "mobile", "home", "work", "maiden name", "birthdate month/day", "street address"]),
  churchsuite: new Set(["first_name", "last_name", "middle_name", "date_of_birth", "household_id", "household_name", "telephone", "mobile", "postcode", "sex"]),
};

/** Fewer matching headers than this and the file is "other": one shared name ("Mobile") proves nothing. */
const MIN_SIGNATURE_MATCHES = 2;

/** The system whose own headers the file has most of; "other" below two, or on a tie. */
function guessSource(headers: readonly string[]): PeopleFileSource {
  const lowered = headers.map((header) => header.trim().toLowerCase());
  let best: PeopleFileSource = "other";
  let bestScore = MIN_SIGNATURE_MATCHES - 1;
  let tied = false;
  for (const [source, signature] of Object.entries(SOURCE_SIGNATURES) as [PeopleFileSource, ReadonlySet<string>][]) {
    const score = lowered.filter((header) => signature.has(header)).length;
    if (score > bestScore) {
      best = source;
      bestScore = score;
      tied = false;
    } else if (score === bestScore && best !== "other") {
      tied = true;
    }
  }
  return tied ? "other" : best;
}

/** The mapping recognised from the headers (case- and space-insensitive), and which system's export it looks like. */
export function guessPeopleMapping(headers: readonly string[]): { mapping: PeopleColumnMapping; source: PeopleFileSource } {
  // The first header of each normalised name: a later duplicate is never guessed.
  const headerByName = new Map<string, string>();
  for (const header of headers) {
    const name = normaliseHeader(header);
    if (name !== "" && !headerByName.has(name)) headerByName.set(name, header);
  }
  const mapping: PeopleColumnMapping = {};
  const used = new Set<string>();
  for (const field of PERSON_FIELDS) {
    const header = FIELD_ALIASES[field].map((alias) => headerByName.get(alias)).find((found) => found !== undefined && !used.has(found));
    if (header === undefined) continue;
    mapping[field] = header;
    used.add(header);
  }
  return { mapping, source: guessSource(headers) };
}
