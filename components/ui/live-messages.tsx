/**
 * Where a page says how an action went: success in a polite status region, failure in an alert. Both stay
 * mounted while empty, because screen readers announce a live region's changes only once it is already in
 * the page; the notice styling appears with the words.
 */
export function StatusMessage({ message, className }: { message: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={message ? ["notice", className].filter(Boolean).join(" ") : undefined}>
      {message}
    </div>
  );
}

export function AlertMessage({ message, className }: { message: string; className?: string }) {
  return (
    <div role="alert" className={message ? ["notice notice--error", className].filter(Boolean).join(" ") : undefined}>
      {message}
    </div>
  );
}
