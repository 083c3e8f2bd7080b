"use client";

import { useEffect, useRef } from "react";

/**
 * Focus for something that appears after a change (the heading of the family just joined, of the record
 * just linked): `request()` asks for it, and focus moves there after the render that puts it in the page.
 */
export function useFocusWhenShown<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const requested = useRef(false);
  useEffect(() => {
    if (!requested.current || !ref.current) return;
    requested.current = false;
    ref.current.focus();
  });
  return {
    ref,
    request: () => {
      requested.current = true;
    },
  };
}
