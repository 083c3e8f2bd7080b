import { createPasswordEstimator } from "./password-estimator.ts";
import type { PasswordEstimator } from "./password-policy.ts";

let loading: Promise<PasswordEstimator> | null = null;

/**
 * The browser's estimator, loaded on demand: the dictionaries (about 1.6 MB before compression) are split
 * into their own chunks by the dynamic imports and fetched only once the member starts typing a password,
 * so the page itself loads fast. The same dictionaries as the server, so the meter agrees with it.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= Promise.all([import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")])
    .then(([common, english]) => createPasswordEstimator({ common, english }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
