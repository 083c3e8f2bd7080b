import type { ReactNode, Ref } from "react";
import styles from "./empty-state.module.css";
import { Heading } from "./heading";

/**
 * A list with nothing in it: an optional heading (it can take focus, for when the last item was just
 * removed), then what the member can do. Children are the text, a paragraph or a link or button.
 */
export function EmptyState({
  title,
  headingLevel = 2,
  headingRef,
  children,
}: {
  title?: string;
  headingLevel?: 2 | 3;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      {title ? (
        <Heading level={headingLevel} headingRef={headingRef} className={styles.title}>
          {title}
        </Heading>
      ) : null}
      {children}
    </div>
  );
}
