"use client";

import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/** False while the server renders and the page hydrates, true once it runs in the browser: for what needs JavaScript to work. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}
