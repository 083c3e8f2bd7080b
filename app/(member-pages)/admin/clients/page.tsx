import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ClientsList } from "@/components/admin/clients-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminClients");
  return { title: t("page.metaTitle") };
}

/** Staff: the registered apps in words and their settings (clients:read to see, clients:write to register and change; roles:write too for the church's own apps and kiosks). */
export default async function AdminClientsPage() {
  const access = await requireStaffPage("/admin/clients", "clients:read");
  if (access.refusal) return <StaffForbidden permission="clients:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminClients");
  return (
    <div className="page">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      {/* The list, its register form, a secret shown once and a kiosk's networks: every word of theirs. */}
      <ClientMessages namespaces={["Admin", "AdminClients", "AdminKiosks"]}>
        <ClientsList canWrite={access.permissions.has("clients:write")} canRegisterFirstParty={access.permissions.has("clients:write") && access.permissions.has("roles:write")} />
      </ClientMessages>
    </div>
  );
}
