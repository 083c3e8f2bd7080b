import type { ReactNode } from "react";
import styles from "./area.module.css";

/** The column an area's pages sit in (the account, the staff office), beside or under its own navigation. */
export function Area({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.area}>
      {nav}
      {children}
    </div>
  );
}
