import type { Metadata } from "next";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Staff" };

/** The staff area's front page: what the signed-in staff member may manage here. */
export default async function AdminPage() {
  const access = await requireStaffPage("/admin", ["events:read", "membership:read"]);
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Church office</h1>
      <p className="lede">Manage the calendar and members’ requests to link their membership records.</p>
      <ul className="quick-links__list" role="list">
        {access.permissions.has("events:read") ? (
          <li className="quick-link">
            <Link href="/admin/events" className="quick-link__title">
              Events
            </Link>
            <p className="quick-link__text">Create, edit, publish, postpone and cancel events. Changes show on the calendar at once.</p>
          </li>
        ) : null}
        {access.permissions.has("events:read") ? (
          <li className="quick-link">
            <Link href="/admin/places" className="quick-link__title">
              Campuses and ministries
            </Link>
            <p className="quick-link__text">Add and rename campuses and ministries, and set each campus’s time zone.</p>
          </li>
        ) : null}
        {access.permissions.has("families:read") ? (
          <li className="quick-link">
            <Link href="/admin/households" className="quick-link__title">
              Households
            </Link>
            <p className="quick-link__text">Find a household and see its members, with what its adults wrote about each child.</p>
          </li>
        ) : null}
        {access.permissions.has("membership:read") ? (
          <li className="quick-link">
            <Link href="/admin/membership" className="quick-link__title">
              Membership requests
            </Link>
            <p className="quick-link__text">Compare a member with the record they asked for, then link it or turn the request down.</p>
          </li>
        ) : null}
        {access.permissions.has("clients:read") ? (
          <li className="quick-link">
            <Link href="/admin/clients" className="quick-link__title">
              Apps
            </Link>
            <p className="quick-link__text">See the apps members sign in to, and change how each must sign them in when its developer asks.</p>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
