/**
 * Placeholders shaped like event cards while a page of events loads. Hidden from assistive technology:
 * the feed announces loading and loaded states in its own live region instead.
 */
export function EventCardSkeleton() {
  return (
    <div className="event-card event-card--skeleton" aria-hidden="true">
      <div className="event-card__media skeleton-block" />
      <div className="event-card__body">
        <div className="skeleton-line skeleton-line--short" />
        <div className="skeleton-line skeleton-line--title" />
        <div className="skeleton-line" />
        <div className="skeleton-line skeleton-line--medium" />
      </div>
    </div>
  );
}

export function EventCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="event-grid event-grid--skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <EventCardSkeleton key={index} />
      ))}
    </div>
  );
}
