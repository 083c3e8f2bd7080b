import { ChurchMark } from "@/components/church-mark";

/**
 * The church the lobby tablet belongs to (issue 38): its name and logo (/admin/settings) as the portal's header
 * shows them, at the top of every kiosk screen. The kiosk
 * hides the site's header and footer, so without this a family could not tell whose kiosk it is.
 */
export function KioskBrand({ churchName, logoPath }: { churchName: string; logoPath: string | null }) {
  return (
    <p className="kiosk__brand">
      <ChurchMark logoPath={logoPath} />
      <span>{churchName}</span>
    </p>
  );
}
