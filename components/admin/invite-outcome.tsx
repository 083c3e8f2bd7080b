import Link from "next/link";
import { useTranslations } from "next-intl";
import type { InviteOutcomeAnswer } from "@/lib/invitations/schemas";

/**
 * What an invitation mailing did, in the office's words: how many are on the way, and why the others are not.
 * Its words are Admin.inviteOutcome (every office page's browser-side parts have "Admin").
 */
export function InviteOutcomeNotice({ outcome }: { outcome: InviteOutcomeAnswer }) {
  const t = useTranslations("Admin.inviteOutcome");
  const joined = outcome.skipped.already_linked + outcome.skipped.already_invited;
  return (
    <p className="notice notice--success" role="status">
      {t("invited", { count: outcome.invited })}
      {outcome.skipped.no_email > 0 ? ` ${t("noEmail", { count: outcome.skipped.no_email })}` : ""}
      {joined > 0 ? ` ${t("joined", { count: joined })}` : ""} <Link href="/admin/invitations">{t("see")}</Link>
    </p>
  );
}
