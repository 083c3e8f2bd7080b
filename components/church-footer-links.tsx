import type { Church } from "@/lib/church-settings/church";

/** The church's own ways to reach it and its policies (/admin/settings), in the footer of every page; nothing when none is set. */
export function ChurchFooterLinks({ church }: { church: Church }) {
  const links = [
    church.websiteUrl ? { href: church.websiteUrl, label: "Church website" } : null,
    church.contactEmail ? { href: `mailto:${church.contactEmail}`, label: church.contactEmail } : null,
    church.privacyUrl ? { href: church.privacyUrl, label: "Privacy policy" } : null,
    church.termsUrl ? { href: church.termsUrl, label: "Terms of use" } : null,
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
