import { tooManyAttemptsMessage } from "./policies.ts";

/** Thrown when a limited action is refused for now; the form and API wrappers turn it into 429 + Retry-After. */
export class TooManyAttemptsError extends Error {
  override name = "TooManyAttemptsError";

  /** `formPath`: the page a form sends the member back to, when not the form's own (Account › Security's link). */
  constructor(
    readonly retryAfterSeconds: number,
    readonly options: { formPath?: string } = {},
  ) {
    super(tooManyAttemptsMessage(retryAfterSeconds));
  }
}
