import { ZxcvbnFactory, type OptionsType } from "@zxcvbn-ts/core";
import type { PasswordEstimator } from "./password-policy.ts";

/** The language packages' parts the estimator needs; the server imports them, the browser loads them late. */
export interface PasswordDictionaries {
  common: { dictionary: OptionsType["dictionary"]; adjacencyGraphs: OptionsType["graphs"] };
  english: { dictionary: OptionsType["dictionary"]; translations: OptionsType["translations"] };
}

/**
 * zxcvbn-ts over the common passwords (and diceware words), the English words and names, and the keyboard
 * layouts; English feedback. Bounded so a hostile password costs at most tens of milliseconds (measured:
 * the defaults took 0.9 s for 128 symbols, most of it trying l33t substitutions):
 * - Levenshtein matching off: 200-1,000 ms a check, and the l33t, case and reversed variants already catch
 *   the usual disguises;
 * - at most 4 l33t substitutions tried per word ("p@$$w0rd" is still found);
 * - the first 64 characters analysed: a longer password is judged by its first 64, which is long enough to
 *   be strong, or weak enough to refuse (128 characters are allowed, lib/passwords/password-policy.ts).
 */
export function createPasswordEstimator({ common, english }: PasswordDictionaries): PasswordEstimator {
  const factory = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    l33tMaxSubstitutions: 4,
    maxLength: 64,
  });
  return (password, userInputs) => factory.check(password, userInputs);
}
