"use client";

import { useSyncExternalStore } from "react";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";

/** Whether the browser has WebAuthn never changes while the page is open: nothing to subscribe to. */
const subscribeToNothing = () => () => undefined;

/**
 * Whether this browser can use passkeys. Known only in the browser: while the page is rendered on the server
 * the answer is `onServer` (what the page should show before it knows).
 */
export function useWebAuthnSupport<OnServer extends boolean | null>(onServer: OnServer): boolean | OnServer {
  return useSyncExternalStore<boolean | OnServer>(subscribeToNothing, browserSupportsWebAuthn, () => onServer);
}
