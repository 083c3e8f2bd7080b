import type { DictionaryMatch, MatchExtended, ZxcvbnResult } from "@zxcvbn-ts/core";

/**
 * The rules a new password must meet (NIST SP 800-63B, 5.1.1.2; docs/decisions/0021): 8 to 128 characters
 * of anything (spaces, emoji, any script), no composition rules, and not one an attacker tries early: not
 * among the commonly used or breached passwords the zxcvbn-ts lists hold (about 49,000 from real breaches,
 * with case, l33t and reversed variants), not guessable in under a million tries (zxcvbn score 0 or 1:
 * repeats, sequences, keyboard rows, dates, single words), and not the member's own name or email address.
 *
 * Pure: the server (lib/passwords/check-new-password.ts, the authority) and the strength meter on the
 * register and reset pages judge with this same function over the same dictionaries, so the meter says
 * exactly what the server will answer. The estimator is passed in, so this module carries no dictionary.
 *
 * 128 is the upper bound because every character is hashed with argon2id (cheap, but not free) and
 * checked against the dictionaries (zxcvbn's matching grows with the length): 128 holds a passphrase of
 * fifteen or more words, twice the 64 NIST asks to allow.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score 2: at least 10^6 guesses; below that a throttled online attack is enough. */
export const PASSWORD_MIN_SCORE = 2;

export type PasswordRefusal = "too_short" | "too_long" | "common" | "personal" | "guessable";

export type PasswordVerdict =
  | { ok: true; score: 2 | 3 | 4; advice: string }
  | { ok: false; reason: PasswordRefusal; message: string; score: number };

/** What zxcvbn says about a password; `check` of a ZxcvbnFactory, or a stub in tests. */
export type PasswordEstimator = (password: string, userInputs: string[]) => Pick<ZxcvbnResult, "score" | "sequence" | "feedback">;

/** Who is choosing the password: their own words are refused in it. */
export interface PasswordOwner {
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

export const PASSWORD_MESSAGES = {
  too_short: `Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`,
  too_long: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  personal: "Don’t use your name or email address in your password.",
  guessable: "This password is too easy to guess. Add another word or two: longer is stronger.",
  similar: "This is a commonly used password with small changes (capitals, numbers or symbols), which attackers try early. Choose something less common: a few unrelated words work well.",
} as const;

/**
 * The sentence for each refusal after a round trip without JavaScript (`?reason=`), where the exact
 * message (a common password's rank, zxcvbn's warning) is not carried.
 */
export const PASSWORD_REFUSAL_MESSAGES: Record<PasswordRefusal, string> = {
  too_short: PASSWORD_MESSAGES.too_short,
  too_long: PASSWORD_MESSAGES.too_long,
  personal: PASSWORD_MESSAGES.personal,
  common: "This is one of the most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.",
  guessable: PASSWORD_MESSAGES.guessable,
};

export function isPasswordRefusal(value: unknown): value is PasswordRefusal {
  return typeof value === "string" && Object.hasOwn(PASSWORD_REFUSAL_MESSAGES, value);
}

/** Codepoints, not UTF-16 units: an emoji is one character to the member. */
export function passwordLength(password: string): number {
  return [...password].length;
}

function rankWords(rank: number): string {
  for (const bound of [10, 100, 1_000, 10_000]) if (rank <= bound) return bound.toLocaleString("en-US");
  return "50,000";
}

export function commonPasswordMessage(rank: number): string {
  return `This is one of the ${rankWords(rank)} most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.`;
}

/** Letters and digits only, lower-cased: "Mary.Member" and "mary member" are the same words. */
function plain(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The owner's words zxcvbn should know, and the ones refused outright. */
export function ownerWords(owner: PasswordOwner): { userInputs: string[]; localPart: string; names: string[] } {
  const localPart = plain(owner.email?.split("@")[0] ?? "");
  const given = plain(owner.givenName ?? "");
  const family = plain(owner.familyName ?? "");
  const names = [given, family, given + family, family + given].filter((name) => name.length >= 2);
  const userInputs = [localPart, given, family, ...(owner.email ? [owner.email.toLowerCase()] : [])].filter((word) => word.length >= 2);
  return { userInputs, localPart, names };
}

function isPersonal(password: string, owner: PasswordOwner): boolean {
  const { localPart, names } = ownerWords(owner);
  const typed = plain(password);
  if (typed === "") return false;
  // The address's local part (at least 4 characters, so "jo@" does not ban every "jo") anywhere in it,
  // or the password is nothing but the member's name (in either order), perhaps with digits.
  if (localPart.length >= 4 && typed.includes(localPart)) return true;
  const letters = typed.replace(/\p{N}/gu, "");
  return names.some((name) => letters === name);
}

/** The one match covering the whole password, when it is a commonly used password (maybe disguised). */
function wholeCommonPassword(password: string, sequence: readonly MatchExtended[]): DictionaryMatch | null {
  if (sequence.length !== 1) return null;
  const [match] = sequence;
  if (!match || match.pattern !== "dictionary" || match.token.length !== password.length) return null;
  const dictionary = match as DictionaryMatch;
  return dictionary.dictionaryName.startsWith("passwords") ? dictionary : null;
}

/** What to do next, shown beside the level's word ("Fair", "Good", "Strong") by the meter. */
const ADVICE: Record<2 | 3 | 4, string> = {
  2: "Add another word or two: longer is stronger.",
  3: "Another word would make it stronger still.",
  4: "Nothing more to do: this is a strong password.",
};

/** Judges a new password for its owner. Length first, so the estimator never sees more than 128 characters. */
export function judgeNewPassword(password: string, owner: PasswordOwner, estimate: PasswordEstimator): PasswordVerdict {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, reason: "too_short", message: PASSWORD_MESSAGES.too_short, score: 0 };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, reason: "too_long", message: PASSWORD_MESSAGES.too_long, score: 0 };
  if (isPersonal(password, owner)) return { ok: false, reason: "personal", message: PASSWORD_MESSAGES.personal, score: 0 };

  const result = estimate(password, ownerWords(owner).userInputs);
  const common = wholeCommonPassword(password, result.sequence);
  if (common) {
    // Exactly a listed password (any case): its rank says how common. Disguised (l33t, reversed, capitals): say so.
    const exact = !common.l33t && !common.reversed && common.token.toLowerCase() === common.matchedWord;
    return { ok: false, reason: "common", message: exact ? commonPasswordMessage(common.rank) : PASSWORD_MESSAGES.similar, score: result.score };
  }
  if (result.score < PASSWORD_MIN_SCORE) {
    const personal = result.sequence.some((match) => match.pattern === "dictionary" && (match as DictionaryMatch).dictionaryName === "userInputs");
    if (personal) return { ok: false, reason: "personal", message: PASSWORD_MESSAGES.personal, score: result.score };
    const warning = result.feedback.warning;
    return {
      ok: false,
      reason: "guessable",
      message: warning ? `${warning} Add another word or two: longer is stronger.` : PASSWORD_MESSAGES.guessable,
      score: result.score,
    };
  }
  const score = result.score as 2 | 3 | 4;
  return { ok: true, score, advice: ADVICE[score] };
}
