import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PlacesList } from "@/components/admin/places-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminPlaces.page");
  return { title: t("title") };
}

/** Staff: the campuses (with their time zones) and ministries events belong to (events:read to see, events:write to change). */
export default async function AdminPlacesPage() {
  const access = await requireStaffPage("/admin/places", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const canWrite = access.permissions.has("events:write");
  const t = await getTranslations("AdminPlaces.page");
  return (
    <div className="page">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminPlaces"]}>
        <PlacesList kind="campuses" canWrite={canWrite} />
        <PlacesList kind="ministries" canWrite={canWrite} />
      </ClientMessages>
    </div>
  );
}
