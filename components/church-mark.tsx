import styles from "./site-header.module.css";

/** The church's logo (/admin/settings), or the portal's own mark until it has one. Decorative: the name beside it says whose it is. */
export function ChurchMark({ logoPath }: { logoPath: string | null }) {
  // A plain <img>: the logo comes from our own origin at an address made of its bytes, cached for a year;
  // next/image would only resize it through another route.
  // eslint-disable-next-line @next/next/no-img-element
  return logoPath ? <img src={logoPath} alt="" className={styles.logo} /> : <span className={styles.mark} aria-hidden="true" />;
}
