"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import navStyles from "@/components/ui/section-nav.module.css";
import styles from "./nav-link.module.css";

/** A header navigation link that says (aria-current) and shows when its section is the current page, as the area navigation does. */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className={`${navStyles.link} ${styles.rounded}`} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
