"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/account", label: "Overview" },
  { href: "/account/apps", label: "Apps" },
  { href: "/account/security", label: "Security" },
  { href: "/account/recovery", label: "Recovery" },
  { href: "/account/family", label: "Family" },
  { href: "/account/dependents", label: "Dependents" },
  { href: "/account/membership", label: "Membership" },
  { href: "/account/privacy", label: "Privacy" },
] as const;

/** The account area's own navigation; the current section is marked for screen readers and the eye. */
export function AccountNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Account" className="account-nav">
      <ul role="list">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <Link href={section.href} className="account-nav__link" aria-current={pathname === section.href ? "page" : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
