import type { Metadata } from "next";
import { AuditLog } from "@/components/admin/audit-log";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log · Staff" };

/** Administrators: every change church staff made, who made it and when, with the rows before and after. */
export default async function AdminAuditPage() {
  const access = await requireStaffPage("/admin/audit", "audit:read");
  if (access.refusal) return <StaffForbidden permission="audit:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Audit log</h1>
      <p className="lede">Every change made with the staff tools: who made it, when, and each record before and after. Sign-in secrets are never shown.</p>
      <AuditLog />
    </div>
  );
}
