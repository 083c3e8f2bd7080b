/**
 * The download's name: `<church>-export-<YYYY-MM-DD>.zip`, the church's name as a slug (lower-case letters and
 * digits joined by hyphens, accents dropped; `church` when nothing is left) and the day in UTC. Only characters a
 * `Content-Disposition` filename and every file system take.
 */
export function churchExportFileName(churchName: string, at: Date): string {
  const slug = churchName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "church"}-export-${at.toISOString().slice(0, 10)}.zip`;
}
