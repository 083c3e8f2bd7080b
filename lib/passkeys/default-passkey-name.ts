import { describeUserAgent } from "../sessions/describe-user-agent.ts";
import { PASSKEY_NAME_MAX } from "./schemas.ts";

/**
 * A passkey's name when the member gives none: the browser and device it was added from, as the sessions
 * list says them ("Chrome on Android phone"), so two passkeys can be told apart until the member renames
 * them. Pure: the security page prefills its name field with the same words.
 */
export function defaultPasskeyName(userAgent: string | null): string {
  const { browser, device } = describeUserAgent(userAgent);
  if (browser === "Unknown browser" && device === "Unknown device") return "Passkey";
  if (device === "Unknown device") return browser.slice(0, PASSKEY_NAME_MAX);
  return `${browser} on ${device}`.slice(0, PASSKEY_NAME_MAX);
}
