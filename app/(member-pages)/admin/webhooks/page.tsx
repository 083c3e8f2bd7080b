import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { WebhooksList } from "@/components/admin/webhooks-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminWebhooks");
  return { title: t("page.metaTitle") };
}

/** Staff: the addresses told of calendar changes (clients:read to see, clients:write to add and change; docs/decisions/0027). */
export default async function AdminWebhooksPage() {
  const access = await requireStaffPage("/admin/webhooks", "clients:read");
  if (access.refusal) return <StaffForbidden permission="clients:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminWebhooks");
  return (
    <div className="page">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminWebhooks"]}>
        <WebhooksList canWrite={access.permissions.has("clients:write")} />
      </ClientMessages>
    </div>
  );
}
