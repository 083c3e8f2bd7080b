import "server-only";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { AccountError } from "../accounts/errors.ts";
import { IdentityError } from "../identity/errors.ts";
import { createPasswordEstimator } from "./password-estimator.ts";
import { judgeNewPassword, type PasswordEstimator, type PasswordOwner } from "./password-policy.ts";

let estimator: PasswordEstimator | null = null;

/** Built on first use (about 150 ms: the dictionaries are ranked once), then kept for the process. */
function serverEstimator(): PasswordEstimator {
  estimator ??= createPasswordEstimator({ common, english });
  return estimator;
}

/**
 * The server's check of a new password (registration, reset): the authority, whatever the page's meter
 * said or whether it ran at all. Offline: the lists ship in the npm packages, nothing is looked up on the
 * network. Refused as the forms' `invalid_request` on the `password` field, with the exact reason, and a
 * `reason` the page shows after a round trip without JavaScript.
 */
export function assertNewPasswordAllowed(password: string, owner: PasswordOwner): void {
  const verdict = judgeNewPassword(password, owner, serverEstimator());
  if (verdict.ok) return;
  throw new AccountError("invalid_request", { field: "password", message: `password: ${verdict.message}`, reason: verdict.reason });
}

/** The same judgement for the identity API (PUT /api/v1/users/me/password): `invalid_request` on `new_password`. */
export function assertNewPasswordAllowedForApi(password: string, owner: PasswordOwner): void {
  const verdict = judgeNewPassword(password, owner, serverEstimator());
  if (verdict.ok) return;
  throw new IdentityError("invalid_request", `new_password: ${verdict.message}`);
}
