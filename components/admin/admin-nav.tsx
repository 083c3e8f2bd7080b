"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./admin.module.css";

const SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/events", label: "Events" },
  { href: "/admin/membership", label: "Membership requests" },
] as const;

/** The staff area's own navigation; the current section is marked for screen readers and the eye. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Staff" className="account-nav">
      <ul role="list">
        {SECTIONS.map((section) => {
          const current = section.href === "/admin" ? pathname === "/admin" : pathname.startsWith(section.href);
          return (
            <li key={section.href}>
              <Link href={section.href} className="account-nav__link" aria-current={current ? "page" : undefined}>
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** What a member without the permission sees: the page exists, but not for them. */
export function StaffForbidden({ permission }: { permission: string }) {
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Not available to your account</h1>
      <div className="notice notice--warning" role="alert">
        <p>
          This page is for church staff. Your account does not have the permission <code>{permission}</code>. If you should have it, ask
          an administrator.
        </p>
      </div>
      <p className={styles.meta}>
        <a href="/account">Back to your account</a>
      </p>
    </div>
  );
}
