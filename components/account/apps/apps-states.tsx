import { useTranslations } from "next-intl";
import type { Ref } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { cardClass } from "@/components/ui/section";
import { SkeletonLine } from "@/components/ui/skeleton";
import styles from "./apps.module.css";

/**
 * What the apps list shows before it has apps to show: loading, a failed load, and no apps at all.
 */

/** Placeholder cards while the list loads; they are hidden from screen readers, which hear the words. */
export function AppsLoading() {
  const t = useTranslations("AccountApps");
  return (
    <div aria-busy="true" className={styles.loading}>
      <p className="muted">{t("list.loading")}</p>
      <div aria-hidden="true" className={styles.skeletons}>
        {[0, 1].map((index) => (
          <div key={index} className={cardClass}>
            <SkeletonLine size="title" />
            <SkeletonLine />
            <SkeletonLine size="medium" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Its heading can take focus, so removing the last app leaves the keyboard somewhere that makes sense. */
export function NoApps({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const t = useTranslations("AccountApps");
  return (
    <EmptyState title={t("list.emptyTitle")} headingRef={headingRef}>
      <p>{t("list.emptyText")}</p>
    </EmptyState>
  );
}
