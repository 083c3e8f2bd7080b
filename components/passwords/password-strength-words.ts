import type { Messages } from "@/lib/i18n/messages";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  commonPasswordMessage,
  passwordLength,
  type PasswordRefusal,
  type PasswordVerdict,
} from "@/lib/passwords/password-policy";

/**
 * What the strength meter says, in the page's language (issue 41): the "PasswordStrength" messages. The
 * verdict itself is lib's (lib/passwords/password-policy.ts), whose sentences are the contract's English; each
 * is said here by the message that says the same (English word for word, password-strength-words.test.ts),
 * zxcvbn's English warnings among them, by the library's own codes. A sentence not recognised (lib changed
 * it) stays lib's English on an English page, and is its refusal's general sentence on any other.
 */
// i18n-namespace: PasswordStrength

/** The namespace's messages, as a page hands them to the meter (the identity pages' forms: no message provider there). */
export type PasswordStrengthMessages = Messages["PasswordStrength"];

/** zxcvbn's warnings (@zxcvbn-ts/language-en's `translations.warnings`): code → its English sentence. */
export type WarningSentences = Readonly<Record<string, string>>;
type WarningCode = keyof PasswordStrengthMessages["warnings"];

type Level = "tooShort" | "tooLong" | "checking" | "weak" | "fair" | "good" | "strong";
type Refusal = "tooShort" | "tooLong" | "personal" | "common" | "commonRanked" | "similar" | "guessable" | "guessableBecause";

/** The messages this file reads, and the arguments they take. */
export type PasswordStrengthKey =
  | "rule"
  | "typedOfMin"
  | "checking"
  | "checkOnSubmit"
  | "announce"
  | "announceNoLevel"
  | `levels.${Level}`
  | `advice.${"fair" | "good" | "strong"}`
  | `refusals.${Refusal}`
  | `warnings.${WarningCode}`;

/** A translator of "PasswordStrength": next-intl's useTranslations, or use-intl's createTranslator over handed messages. */
export type PasswordStrengthT = (key: PasswordStrengthKey, values?: Record<string, string | number>) => string;

/** What the meter shows: how many segments are lit, the level's word (may be empty) and the sentence under it. */
export interface MeterState {
  level: 0 | 1 | 2 | 3 | 4;
  label: string;
  sentence: string;
}

const LENGTHS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The sentence a screen reader has before anything is typed: the length rule. */
export function ruleSentence(t: PasswordStrengthT): string {
  return t("rule", LENGTHS);
}

/** Judged by length alone, before the dictionaries are needed; null when the length is allowed. */
export function lengthState(password: string, t: PasswordStrengthT): MeterState | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { level: 0, label: t("levels.tooShort"), sentence: t("typedOfMin", { length, ...LENGTHS }) };
  if (length > PASSWORD_MAX_LENGTH) return { level: 0, label: t("levels.tooLong"), sentence: t("refusals.tooLong", LENGTHS) };
  return null;
}

/** While the dictionaries load. */
export function checkingState(t: PasswordStrengthT): MeterState {
  return { level: 0, label: t("levels.checking"), sentence: t("checking") };
}

/** When they could not be loaded: the server still judges the password. */
export function uncheckedState(t: PasswordStrengthT): MeterState {
  return { level: 0, label: "", sentence: t("checkOnSubmit") };
}

const ADVICE = { 2: "fair", 3: "good", 4: "strong" } as const;

/** The general sentence of each refusal, the one a page shows after a round trip without JavaScript (lib's PASSWORD_REFUSAL_MESSAGES). */
const REFUSAL: Record<PasswordRefusal, Refusal> = { too_short: "tooShort", too_long: "tooLong", personal: "personal", common: "common", guessable: "guessable" };

/** lib's PASSWORD_REFUSAL_MESSAGES in the translator's language. */
export function refusalSentence(reason: PasswordRefusal, t: PasswordStrengthT): string {
  return t(`refusals.${REFUSAL[reason]}`, LENGTHS);
}

/** The bounds lib names a common password's rank by ("one of the 1,000 most used passwords"). */
const RANK_BOUNDS = [10, 100, 1_000, 10_000, 50_000];

/** lib's sentence for a refused password as the message that says it, or null for a sentence not known here. */
function refusedSentence(verdict: Extract<PasswordVerdict, { ok: false }>, t: PasswordStrengthT, warnings: WarningSentences | null): string | null {
  const { message } = verdict;
  if (message === PASSWORD_MESSAGES.too_short || message === PASSWORD_MESSAGES.too_long || message === PASSWORD_MESSAGES.personal || message === PASSWORD_MESSAGES.guessable) {
    return refusalSentence(verdict.reason, t);
  }
  if (message === PASSWORD_MESSAGES.similar) return t("refusals.similar");
  const bound = RANK_BOUNDS.find((rank) => commonPasswordMessage(rank) === message);
  if (bound !== undefined) return t("refusals.commonRanked", { bound });
  // "<zxcvbn's warning> Add another word or two: longer is stronger."
  const code = warnings ? (Object.keys(warnings) as WarningCode[]).find((name) => message.startsWith(`${warnings[name]} `)) : undefined;
  if (code && verdict.reason === "guessable") return t("refusals.guessableBecause", { warning: t(`warnings.${code}`) });
  return null;
}

/**
 * What the meter shows for lib's verdict. `english`: the page is in English, where a sentence not known here
 * is still lib's own; `warnings`: zxcvbn's English warnings, to know which one lib quoted.
 */
export function verdictState(verdict: PasswordVerdict, t: PasswordStrengthT, { english, warnings }: { english: boolean; warnings: WarningSentences | null }): MeterState {
  if (verdict.ok) return { level: verdict.score, label: t(`levels.${ADVICE[verdict.score]}`), sentence: t(`advice.${ADVICE[verdict.score]}`) };
  const sentence = refusedSentence(verdict, t, warnings) ?? (english ? verdict.message : refusalSentence(verdict.reason, t));
  return { level: 1, label: t("levels.weak"), sentence };
}

/** What the polite live region says once typing pauses ("Password strength: Fair. Add another word…"). */
export function announcement(state: MeterState | null, t: PasswordStrengthT): string {
  if (!state) return "";
  return state.label ? t("announce", { level: state.label, sentence: state.sentence }) : t("announceNoLevel", { sentence: state.sentence });
}
