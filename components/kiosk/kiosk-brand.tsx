import headerStyles from "@/components/site-header.module.css";

/**
 * The church the lobby tablet belongs to (issue 38): its name (CHURCH_NAME) beside the portal header's logo
 * mark, the same mark (its class from the header's own styles), at the top of every kiosk screen. The kiosk
 * hides the site's header and footer, so without this a family could not tell whose kiosk it is.
 */
export function KioskBrand({ churchName }: { churchName: string }) {
  return (
    <p className="kiosk__brand">
      <span className={headerStyles.mark} aria-hidden="true" />
      <span>{churchName}</span>
    </p>
  );
}
