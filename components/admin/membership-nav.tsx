"use client";

import { useTranslations } from "next-intl";
import { SectionNav } from "@/components/ui/section-nav";

/** Staff › Membership's two parts: members' requests to link a record, and the register itself. */
export function MembershipNav() {
  const t = useTranslations("AdminMembership.nav");
  return (
    <SectionNav
      label={t("label")}
      sections={[
        { href: "/admin/membership", label: t("requests") },
        { href: "/admin/membership/records", label: t("register") },
      ]}
      isCurrent={(href, pathname) => (href === "/admin/membership" ? pathname === href : pathname.startsWith(href))}
    />
  );
}
