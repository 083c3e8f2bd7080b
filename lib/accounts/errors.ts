/**
 * The closed set of errors of the sign-in and account forms (app/auth/**). The same code travels as
 * `?error=<code>` back to a page without JavaScript and as `{ error, error_description }` to the pages'
 * fetch; the table fixes its HTTP status, the sentence shown to the member and the field it belongs to.
 * Pure: pages import it to render `?error=`.
 *
 * Statuses follow the identity service's table (decisions.md 2): 400 for what was typed wrong, 401 for a
 * failed or lapsed authentication, 403 for a refused form (CSRF), 429 with Retry-After, 500.
 */
export const ACCOUNT_ERRORS = {
  invalid_request: { status: 400, message: "Check the highlighted field and try again.", field: undefined },
  invalid_credentials: { status: 401, message: "That email and password don’t match an account. Check them and try again.", field: "password" },
  invalid_second_factor: { status: 401, message: "That code isn’t right. Check your authenticator app and try again.", field: "code" },
  sign_in_expired: { status: 401, message: "Your sign-in took too long. Please sign in again.", field: undefined },
  session_required: { status: 401, message: "Please sign in to continue.", field: undefined },
  invalid_code: { status: 400, message: "That code isn’t right. Check the newest message we sent you and try again.", field: "code" },
  code_expired: { status: 400, message: "That code has expired or was tried too many times. Ask for a new code.", field: "code" },
  verification_expired: { status: 400, message: "This registration has timed out in this browser. Please register again to get a new code.", field: undefined },
  request_expired: { status: 400, message: "This sign-in request has expired. Go back to the app and start again.", field: undefined },
  // A kiosk or display signing in with a code (RFC 8628, /device).
  invalid_device_code: { status: 400, message: "That code doesn’t match a device waiting to sign in. Check the code on its screen and try again.", field: "user_code" },
  device_request_expired: { status: 400, message: "This device’s request has expired or was already answered. Start again on the device to get a new code.", field: undefined },
  forbidden: { status: 403, message: "This form has expired. Please try again.", field: undefined },
  account_disabled: { status: 403, message: "This account has been disabled. Please contact the church office.", field: undefined },
  too_many_requests: { status: 429, message: "Too many attempts. Please wait a moment and try again.", field: undefined },
  service_unavailable: { status: 503, message: "We can’t reach our records right now. Please try again in a moment.", field: undefined },
  server_error: { status: 500, message: "Something went wrong on our side. Please try again in a moment.", field: undefined },
  // "Continue with <provider>" (docs/decisions/0014-federated-identity.md).
  // Passkeys (docs/decisions/0021-passkeys.md).
  passkey_expired: { status: 400, message: "The passkey request timed out. Please try again.", field: undefined },
  passkey_failed: { status: 401, message: "That passkey didn’t work here. Try again, or sign in another way.", field: undefined },
  passkey_unknown: {
    status: 401,
    message: "That passkey isn’t registered here any more. Sign in another way, then add a new passkey under Account › Security.",
    field: undefined,
  },
  passkey_cloned: {
    status: 401,
    message: "That passkey was refused to protect your account: it looks like a copy of one used before. Sign in another way, then remove it and add it again under Account › Security.",
    field: undefined,
  },
  federation_unavailable: { status: 503, message: "That sign-in option isn’t available right now. Sign in with your email and password, or try again later.", field: undefined },
  federation_failed: { status: 400, message: "Signing in with that provider didn’t work, or took too long. Please try again.", field: undefined },
  federation_cancelled: { status: 400, message: "Signing in with that provider was cancelled. You can try again, or sign in with your email and password.", field: undefined },
  federation_not_linked: {
    status: 401,
    message:
      "That account isn’t linked to an account here yet, so nothing was created or linked. Sign in with your email and password, then link it under Account › Security.",
    field: undefined,
  },
} as const satisfies Record<string, { status: number; message: string; field: string | undefined }>;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

export function isAccountErrorCode(value: unknown): value is AccountErrorCode {
  return typeof value === "string" && Object.hasOwn(ACCOUNT_ERRORS, value);
}

/** A cookie to set (or clear, with maxAge 0) on the response; structurally what the form wrapper sets. */
export interface CookieToSet {
  name: string;
  value: string;
  options: { httpOnly: true; secure: boolean; sameSite: "lax"; path: "/"; maxAge: number };
}

export interface AccountErrorOptions {
  /** A more precise sentence than the table's. */
  message?: string;
  /** The form field it concerns; default from the table. */
  field?: string;
  /** Where a page-mode failure goes instead of back to the form, e.g. /sign-in when the sign-in lapsed. */
  formPath?: string;
  /** Cookies to set or clear even though the step failed (e.g. drop a lapsed half-sign-in). */
  cookies?: CookieToSet[];
  /**
   * Why a field was refused, as a short code from a closed set (e.g. a new password's `common`): carried as
   * `?reason=` back to a page without JavaScript, which shows the matching sentence.
   */
  reason?: string;
}

/**
 * The codes an AccountError may carry. Not `too_many_requests`: an attempt limit throws TooManyAttemptsError,
 * which knows how long to wait (Retry-After); the form code of that name is what the wrappers answer for it.
 */
export type AccountErrorKind = Exclude<AccountErrorCode, "too_many_requests">;

/** An expected failure of an account step, rendered by the form wrapper; its message is safe to show. */
export class AccountError extends Error {
  override name = "AccountError";
  readonly status: number;
  readonly field: string | undefined;
  readonly formPath: string | undefined;
  readonly cookies: CookieToSet[];
  readonly reason: string | undefined;

  constructor(
    readonly code: AccountErrorKind,
    options: AccountErrorOptions = {},
  ) {
    super(options.message ?? ACCOUNT_ERRORS[code].message);
    this.status = ACCOUNT_ERRORS[code].status;
    this.field = options.field ?? ACCOUNT_ERRORS[code].field;
    this.formPath = options.formPath;
    this.cookies = options.cookies ?? [];
    this.reason = options.reason;
  }
}
