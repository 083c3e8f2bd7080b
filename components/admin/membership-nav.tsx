"use client";

import { SectionNav } from "@/components/ui/section-nav";

const SECTIONS = [
  { href: "/admin/membership", label: "Members’ requests" },
  { href: "/admin/membership/records", label: "The register" },
] as const;

/** Staff › Membership's two parts: members' requests to link a record, and the register itself. */
export function MembershipNav() {
  return (
    <SectionNav
      label="Membership"
      sections={SECTIONS}
      isCurrent={(href, pathname) => (href === "/admin/membership" ? pathname === href : pathname.startsWith(href))}
    />
  );
}
