import { OAuthError } from "./errors.ts";

/** RFC 6749 3.1: request and response parameters must not be included more than once. */
export function rejectRepeatedParameters(params: URLSearchParams): void {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw new OAuthError("invalid_request", `parameter ${key} is repeated`);
    seen.add(key);
  }
}
