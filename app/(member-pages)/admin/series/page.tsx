import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { SeriesList } from "@/components/admin/series-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Series · Staff" };

/** Staff: every recurring series, to find one and reach its tools (events:read to see; docs/decisions/0026). */
export default async function AdminSeriesPage() {
  const access = await requireStaffPage("/admin/series", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Series</h1>
      <p className="lede">Events that repeat. Open a series’ next date to change every date to come, publish its drafts or cancel one date.</p>
      <SeriesList canWrite={access.permissions.has("events:write")} />
    </div>
  );
}
