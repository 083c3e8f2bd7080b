"use client";

import { useTranslations } from "next-intl";
import { Meta } from "@/components/ui/section";
import { AreaHomeList, AreaNav, type NavGroup } from "@/components/ui/area-nav";
import type { StaffRefusal } from "@/lib/portal-auth/require-staff-page";

/** The office's sections by group; each one's words are Admin.nav.groups.<group> and Admin.nav.sections.<key>. */
const GROUPS = [
  {
    key: "office",
    sections: [
      { href: "/admin", key: "overview" },
      { href: "/admin/settings", key: "settings" },
      { href: "/admin/emails", key: "emails" },
    ],
  },
  {
    key: "people",
    sections: [
      { href: "/admin/people", key: "people" },
      { href: "/admin/households", key: "households" },
      { href: "/admin/membership", key: "membership" },
      { href: "/admin/import", key: "import" },
      { href: "/admin/invitations", key: "invitations" },
    ],
  },
  {
    key: "calendar",
    sections: [
      { href: "/admin/events", key: "events" },
      { href: "/admin/series", key: "series" },
      { href: "/admin/places", key: "places" },
      { href: "/admin/calendar-import", key: "calendarImport" },
    ],
  },
  {
    key: "connections",
    sections: [
      { href: "/admin/clients", key: "clients" },
      { href: "/admin/webhooks", key: "webhooks" },
      { href: "/admin/audit", key: "audit" },
      { href: "/admin/export", key: "export" },
    ],
  },
] as const;

/** The office's navigation in the page's language. */
function useOfficeNavigation(): { home: { href: string; label: string }; groups: NavGroup[] } {
  const t = useTranslations("Admin.nav");
  return {
    home: { href: "/admin", label: t("home") },
    groups: GROUPS.map((group) => ({
      label: t(`groups.${group.key}`),
      sections: group.sections.map((section) => ({ href: section.href, label: t(`sections.${section.key}`) })),
    })),
  };
}

/** The staff area's own navigation: Overview on its own page, the others on theirs and below. */
export function AdminNav() {
  const t = useTranslations("Admin.nav");
  const { home, groups } = useOfficeNavigation();
  return <AreaNav label={t("label")} home={home} groups={groups} isCurrent={(href, pathname) => (href === "/admin" ? pathname === "/admin" : pathname.startsWith(href))} />;
}

/** The office's sections at the end of its first page, on a phone. */
export function AdminHomeList() {
  const t = useTranslations("Admin.nav");
  const { home, groups } = useOfficeNavigation();
  return <AreaHomeList label={t("label")} title={t("homeListTitle")} home={home} groups={groups} />;
}

/**
 * What a member sees on a staff page they may not use: without the permission, that the page is not for
 * them; with it but signed in without a second factor, that staff tools need a passkey or two-step sign-in.
 */
export function StaffForbidden({ permission, refusal }: { permission: string; refusal: StaffRefusal }) {
  const admin = useTranslations("Admin");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{admin("staff")}</p>
      {refusal === "permission" ? (
        <>
          <h1>{admin("forbidden.permissionTitle")}</h1>
          <div className="notice notice--warning" role="alert">
            <p>{admin.rich("forbidden.permissionText", { permission, code: (chunks) => <code>{chunks}</code> })}</p>
          </div>
        </>
      ) : (
        <>
          <h1>{admin.rich("forbidden.secondFactorTitle", { nowrap: (chunks) => <span className="nowrap">{chunks}</span> })}</h1>
          <div className="notice notice--warning" role="alert">
            <p>{admin("forbidden.secondFactorText")}</p>
          </div>
          <p>
            <a className="button button--primary" href="/account/security">
              {admin("forbidden.setUpTwoStep")}
            </a>
          </p>
        </>
      )}
      <Meta>
        <a href="/account">{admin("forbidden.backToAccount")}</a>
      </Meta>
    </div>
  );
}
