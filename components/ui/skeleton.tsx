import styles from "./skeleton.module.css";

/** The class of a loading block of any shape (artwork, a picture): the caller gives it its size. */
export const skeletonBlock = styles.block;

/** One line of loading text: full width, or shorter, or a title's. Hidden from screen readers by its container. */
export function SkeletonLine({ size }: { size?: "short" | "medium" | "title" }) {
  return <div className={size ? `${styles.line} ${styles[size]}` : styles.line} />;
}
