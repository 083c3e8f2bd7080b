import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ChurchSettingsForm } from "@/components/admin/church-settings-form";
import { churchSettingsAnswer } from "@/lib/church-settings/church-settings-answer";
import { database } from "@/lib/db";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Church settings · Staff" };

/** Administrators: the church's name, country, time zone, contact, policies and look (settings:write; issue 39). */
export default async function AdminSettingsPage() {
  const access = await requireStaffPage("/admin/settings", "settings:write");
  if (access.refusal) return <StaffForbidden permission="settings:write" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Church settings</h1>
      <p className="lede">How your church appears to its members: on every page, in every email, on the kiosk and on the calendar on your website.</p>
      <ChurchSettingsForm initial={await churchSettingsAnswer(await database(), await currentChurch())} />
    </div>
  );
}
