import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AcceptInvitationForm } from "@/components/invitation/accept-invitation-form";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Invitation");
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** /invitation#… - the link of an invitation from the church office (issue 40): make your account, linked at once. */
export default async function InvitationPage() {
  const t = await getTranslations("Invitation");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <ClientMessages namespaces={["Invitation.form", "PasswordStrength"]}>
        <AcceptInvitationForm />
      </ClientMessages>
    </div>
  );
}
