import { useTranslations } from "next-intl";
import type { Church } from "@/lib/church-settings/church";

/** The church's own ways to reach it and its policies (/admin/settings), in the footer of every page; nothing when none is set. */
export function ChurchFooterLinks({ church }: { church: Church }) {
  const t = useTranslations("Shell");
  const links = [
    church.websiteUrl ? { href: church.websiteUrl, label: t("churchWebsite") } : null,
    church.contactEmail ? { href: `mailto:${church.contactEmail}`, label: church.contactEmail } : null,
    church.privacyUrl ? { href: church.privacyUrl, label: t("privacyPolicy") } : null,
    church.termsUrl ? { href: church.termsUrl, label: t("termsOfUse") } : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <ul role="list" className="site-footer__links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}
