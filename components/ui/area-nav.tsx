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

interface AreaNavProps {
  label: string;
  home: NavSection;
  groups: readonly NavGroup[];
  isCurrent: (href: string, pathname: string) => boolean;
}

/**
 * An area's navigation (the account, the staff office), grouped as Google Account and GitHub settings group
 * theirs. On a wide screen it is a sidebar beside every page. On a phone every page but the area's first
 * starts with a way back to it, and the first page ends with the list of sections (AreaHomeList), full
 * width, under what the page itself says: nothing scrolls sideways or is cut off. `isCurrent` decides which
 * section the browser's path is in.
 */
export function AreaNav({ label, home, groups, isCurrent }: AreaNavProps) {
  const pathname = usePathname();
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
      <Groups groups={groups} isCurrent={(href) => isCurrent(href, pathname)} />
    </nav>
  );
}

/**
 * The area's sections at the end of its first page (`home`, left out of the list), on a phone only: the
 * sidebar has them on a wide screen.
 */
export function AreaHomeList({ label, title, home, groups }: { label: string; title: string; home: NavSection; groups: readonly NavGroup[] }) {
  const elsewhere = groups.map((group) => ({ ...group, sections: group.sections.filter((section) => section.href !== home.href) })).filter((group) => group.sections.length > 0);
  return (
    <nav aria-label={label} className={styles.homeList}>
      <h2>{title}</h2>
      <Groups groups={elsewhere} isCurrent={() => false} />
    </nav>
  );
}

function Groups({ groups, isCurrent }: { groups: readonly NavGroup[]; isCurrent: (href: string) => boolean }) {
  const id = useId();
  return (
    <div className={styles.groups}>
      {groups.map((group, index) => (
        <div key={group.label} className={styles.group}>
          <p id={`${id}-${index}`} className={styles.groupLabel}>
            {group.label}
          </p>
          <ul role="list" aria-labelledby={`${id}-${index}`}>
            {group.sections.map((section) => (
              <li key={section.href}>
                <Link href={section.href} className={styles.link} aria-current={isCurrent(section.href) ? "page" : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
