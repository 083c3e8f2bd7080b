import { tooManyAttemptsMessage } from "./policies.ts";

/** Thrown when a limited action is refused for now; the form and API wrappers turn it into 429 + Retry-After. */
export class TooManyAttemptsError extends Error {
  override name = "TooManyAttemptsError";

  constructor(readonly retryAfterSeconds: number) {
    super(tooManyAttemptsMessage(retryAfterSeconds));
  }
}
