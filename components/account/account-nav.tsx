"use client";

import { useTranslations } from "next-intl";
import { AreaHomeList, AreaNav } from "@/components/ui/area-nav";

/** The account's sections, grouped, in the page's language (the "Account" namespace). */
function useAccountSections() {
  const t = useTranslations("Account");
  const home = { href: "/account", label: t("yourAccount") };
  const groups = [
    {
      label: t("nav.you"),
      sections: [
        { href: "/account", label: t("nav.overview") },
        { href: "/account/profile", label: t("nav.profile") },
        { href: "/account/privacy", label: t("nav.privacy") },
      ],
    },
    {
      label: t("nav.signInAndSecurity"),
      sections: [
        { href: "/account/security", label: t("nav.security") },
        { href: "/account/recovery", label: t("nav.recovery") },
        { href: "/account/apps", label: t("nav.apps") },
      ],
    },
    {
      label: t("nav.familyGroup"),
      sections: [
        { href: "/account/family", label: t("nav.family") },
        { href: "/account/dependents", label: t("nav.childrensApps") },
      ],
    },
    {
      label: t("nav.church"),
      sections: [
        { href: "/account/membership", label: t("nav.membership") },
        { href: "/account/check-in", label: t("nav.checkIn") },
      ],
    },
  ];
  return { home, groups, label: t("nav.label"), homeTitle: t("nav.homeTitle") };
}

/** The account area's own navigation: a section is current on its own page only. */
export function AccountNav() {
  const { home, groups, label } = useAccountSections();
  return <AreaNav label={label} home={home} groups={groups} isCurrent={(href, pathname) => pathname === href} />;
}

/** The account's sections at the end of its first page, on a phone. */
export function AccountHomeList() {
  const { home, groups, label, homeTitle } = useAccountSections();
  return <AreaHomeList label={label} title={homeTitle} home={home} groups={groups} />;
}
