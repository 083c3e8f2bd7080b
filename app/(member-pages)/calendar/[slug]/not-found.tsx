import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Event not found" };

/** Rendered (with HTTP 404) when the slug matches no public event: unknown, draft or not public. */
export default function EventNotFound() {
  return (
    <div className="page page--narrow not-found">
      <p className="eyebrow">Error 404</p>
      <h1>Event not found</h1>
      <p className="lede">
        We couldn’t find this event. It may have been removed, or the link may be mistyped. Past events are no longer listed.
      </p>
      <p>
        <Link href="/calendar" className="button button--primary">
          See upcoming events
        </Link>
      </p>
    </div>
  );
}
