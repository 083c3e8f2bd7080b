"use client";

import { Meta } from "@/components/ui/section";
import { AreaHomeList, AreaNav } from "@/components/ui/area-nav";
import type { StaffRefusal } from "@/lib/portal-auth/require-staff-page";

const HOME = { href: "/admin", label: "Church office" };

const GROUPS = [
  {
    label: "Office",
    sections: [
      { href: "/admin", label: "Overview" },
      { href: "/admin/settings", label: "Church settings" },
      { href: "/admin/emails", label: "Emails" },
    ],
  },
  {
    label: "People",
    sections: [
      { href: "/admin/people", label: "People" },
      { href: "/admin/households", label: "Households" },
      { href: "/admin/membership", label: "Membership" },
      { href: "/admin/import", label: "Import people" },
      { href: "/admin/invitations", label: "Invitations" },
    ],
  },
  {
    label: "Calendar",
    sections: [
      { href: "/admin/events", label: "Events" },
      { href: "/admin/series", label: "Series" },
      { href: "/admin/places", label: "Campuses & ministries" },
      { href: "/admin/calendar-import", label: "Import a calendar" },
    ],
  },
  {
    label: "Connections",
    sections: [
      { href: "/admin/clients", label: "Apps" },
      { href: "/admin/webhooks", label: "Webhooks" },
      { href: "/admin/audit", label: "Audit log" },
      { href: "/admin/export", label: "Export your data" },
    ],
  },
] as const;

/** The staff area's own navigation: Overview on its own page, the others on theirs and below. */
export function AdminNav() {
  return <AreaNav label="Staff" home={HOME} groups={GROUPS} isCurrent={(href, pathname) => (href === "/admin" ? pathname === "/admin" : pathname.startsWith(href))} />;
}

/** The office's sections at the end of its first page, on a phone. */
export function AdminHomeList() {
  return <AreaHomeList label="Staff" title="Everything in the office" home={HOME} groups={GROUPS} />;
}

/**
 * What a member sees on a staff page they may not use: without the permission, that the page is not for
 * them; with it but signed in without a second factor, that staff tools need a passkey or two-step sign-in.
 */
export function StaffForbidden({ permission, refusal }: { permission: string; refusal: StaffRefusal }) {
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      {refusal === "permission" ? (
        <>
          <h1>Not available to your account</h1>
          <div className="notice notice--warning" role="alert">
            <p>
              This page is for church staff. Your account does not have the permission <code>{permission}</code>. If you should have it, ask
              an administrator.
            </p>
          </div>
        </>
      ) : (
        <>
          <h1>
            Turn on <span className="nowrap">two-step</span> sign-in first
          </h1>
          <div className="notice notice--warning" role="alert">
            <p>
              Staff tools hold members’ details, so they need a sign-in with a passkey, or with a code from your authenticator app as well
              as your password. Add a passkey or turn on two-step sign-in, then sign out and in again with it.
            </p>
          </div>
          <p>
            <a className="button button--primary" href="/account/security">
              Set up two-step sign-in
            </a>
          </p>
        </>
      )}
      <Meta>
        <a href="/account">Back to your account</a>
      </Meta>
    </div>
  );
}
