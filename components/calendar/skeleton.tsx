import { SkeletonLine, skeletonBlock } from "@/components/ui/skeleton";
import feedStyles from "./calendar-feed.module.css";
import { eventCardStyles as card } from "./event-card";
import styles from "./skeleton.module.css";

/**
 * Placeholders shaped like event cards while a page of events loads. Hidden from assistive technology:
 * the feed announces loading and loaded states in its own live region instead.
 */
export function EventCardSkeleton() {
  return (
    <div className={card.card} aria-hidden="true">
      <div className={`${card.media} ${skeletonBlock}`} />
      <div className={card.body}>
        <SkeletonLine size="short" />
        <SkeletonLine size="title" />
        <SkeletonLine />
        <SkeletonLine size="medium" />
      </div>
    </div>
  );
}

export function EventCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className={`${feedStyles.grid} ${styles.grid}`} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <EventCardSkeleton key={index} />
      ))}
    </div>
  );
}
