"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import type { NavSection } from "./section-nav";
import styles from "./area-nav.module.css";

export interface NavGroup {
  label: string;
  sections: readonly NavSection[];
}

/**
 * An area's navigation (the account, the staff office), grouped as Google Account and GitHub settings group
 * theirs. On a wide screen it is a sidebar beside every page. On a phone the area's first page is the list of
 * its sections, full width, and every other page starts with a way back to that list, so nothing scrolls
 * sideways or is cut off. `isCurrent` decides which section the browser's path is in.
 */
export function AreaNav({ label, home, groups, isCurrent }: { label: string; home: NavSection; groups: readonly NavGroup[]; isCurrent: (href: string, pathname: string) => boolean }) {
  const pathname = usePathname();
  const id = useId();
  const atHome = pathname === home.href;
  return (
    <nav aria-label={label} className={`${styles.nav} ${atHome ? styles.atHome : styles.inSection}`}>
      {!atHome && (
        <Link href={home.href} className={styles.back}>
          <span aria-hidden="true" className={styles.backArrow}>
            ‹
          </span>
          {home.label}
        </Link>
      )}
      <div className={styles.groups}>
        {groups.map((group, index) => (
          <div key={group.label} className={styles.group}>
            <p id={`${id}-${index}`} className={styles.groupLabel}>
              {group.label}
            </p>
            <ul role="list" aria-labelledby={`${id}-${index}`}>
              {group.sections.map((section) => (
                <li key={section.href}>
                  <Link href={section.href} className={styles.link} aria-current={isCurrent(section.href, pathname) ? "page" : undefined}>
                    {section.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
