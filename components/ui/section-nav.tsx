"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import styles from "./section-nav.module.css";

export interface NavSection {
  href: string;
  label: string;
}

/**
 * An area's own navigation (the account, the staff office); the current section is marked for screen
 * readers and the eye. `isCurrent` decides which one that is for the browser's path.
 */
export function SectionNav({ label, sections, isCurrent }: { label: string; sections: readonly NavSection[]; isCurrent: (href: string, pathname: string) => boolean }) {
  const pathname = usePathname();
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring the current section into sight, so the row says where you are.
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const hidden = current.offsetLeft < row.scrollLeft || current.offsetLeft + current.offsetWidth > row.scrollLeft + row.clientWidth;
    if (hidden) row.scrollLeft = Math.max(0, current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={label} className={styles.nav}>
      <ul role="list">
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} className={styles.link} aria-current={isCurrent(section.href, pathname) ? "page" : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
