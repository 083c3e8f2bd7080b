import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { WebhooksList } from "@/components/admin/webhooks-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks · Staff" };

/** Staff: the addresses told of calendar changes (clients:read to see, clients:write to add and change; docs/decisions/0027). */
export default async function AdminWebhooksPage() {
  const access = await requireStaffPage("/admin/webhooks", "clients:read");
  if (access.refusal) return <StaffForbidden permission="clients:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Webhooks</h1>
      <p className="lede">Websites and apps told at once when an event is created, changed, cancelled or opens for sign-up, instead of asking the calendar again and again.</p>
      <WebhooksList canWrite={access.permissions.has("clients:write")} />
    </div>
  );
}
