import "server-only";
import { keyedHash } from "../crypto/tokens.ts";
import { ACCOUNT_POLICY, CODE_SEND_POLICY, IP_CODE_SEND_POLICY, IP_POLICY, type AttemptPolicy } from "./policies.ts";

/**
 * The counters' keys: what is being limited (a scope such as `sign-in:account`) and for whom. The value
 * (an email, an IP address, a user id) is stored only as a keyed hash, so the counters table holds no
 * personal data and every key has the same short length.
 */
export interface AttemptKey {
  key: string;
  policy: AttemptPolicy;
}

/** A key for any other limited action, e.g. `attemptKey("membership-search:user", userId, policy)`. */
export function attemptKey(scope: string, value: string, policy: AttemptPolicy): AttemptKey {
  return { key: `${scope}:${keyedHash("attempt-key", `${scope}\n${value}`)}`, policy };
}

/** Password guesses for one sign-in address, whether or not an account has it (no enumeration). */
export function signInAccountKey(email: string): AttemptKey {
  return attemptKey("sign-in:account", email, ACCOUNT_POLICY);
}

/** Second-factor guesses for one account, across every half-finished sign-in. */
export function secondFactorAccountKey(userId: string): AttemptKey {
  return attemptKey("second-factor:account", userId, ACCOUNT_POLICY);
}

/**
 * Wrong codes of one purpose for one address, across every code sent to it (issue 14, finding 7): each new
 * code has its own 5 tries, so without this a guesser would get 5 more with every send. Kept whether or not
 * an account has the address, so it tells nothing.
 */
export function codeGuessKey(purpose: "password_reset" | "email_verification", address: string): AttemptKey {
  return attemptKey(`code-guess:${purpose}`, address, ACCOUNT_POLICY);
}

/**
 * Failed sign-ins and wrong codes from one IP address. Null when the address is unknown (no proxy
 * header): one shared bucket for every unknown caller would let one attacker block everyone.
 */
export function ipFailureKey(ip: string | null): AttemptKey | null {
  return ip ? attemptKey("failures:ip", ip, IP_POLICY) : null;
}

/** Codes sent for one purpose to one address. */
export function codeSendTargetKey(purpose: string, target: string): AttemptKey {
  return attemptKey(`send-code:${purpose}`, target, CODE_SEND_POLICY);
}

/** Codes requested from one IP address. */
export function codeSendIpKey(ip: string | null): AttemptKey | null {
  return ip ? attemptKey("send-code:ip", ip, IP_CODE_SEND_POLICY) : null;
}

/**
 * Codes a signed-in member has sent to their own contacts and phone, whatever the address: stops one
 * account (or a stolen token) from mailing or texting many addresses by adding and removing contacts.
 */
export function codeSendUserKey(userId: string): AttemptKey {
  return attemptKey("send-code:user", userId, IP_CODE_SEND_POLICY);
}

/** Drops the keys that do not apply (an unknown IP address). */
export function presentKeys(keys: readonly (AttemptKey | null)[]): AttemptKey[] {
  return keys.filter((key): key is AttemptKey => key !== null);
}
