import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Which kiosk registration a tablet opened at /kiosk without `?client=` sets itself up as: the preferred one
 * (the demo's) when it is a kiosk's, else the church's only kiosk registration, else none: with two or more the
 * tablet must be opened at the address the church office gives for it (Church office › Apps), and with none a
 * kiosk must first be registered there. Never a registration that does not exist (an empty start has none).
 */
export async function kioskClientForTablet(database: Database, preferred: string): Promise<string | null> {
  const kiosks = await database.prisma.client.findMany({ where: { checkInCampusId: { not: null } }, select: { id: true }, orderBy: { id: "asc" }, take: 2 });
  if (kiosks.some((kiosk) => kiosk.id === preferred)) return preferred;
  if (kiosks.length === 1) return kiosks[0]!.id;
  const preferredIsKiosk = await database.prisma.client.count({ where: { id: preferred, checkInCampusId: { not: null } } });
  return preferredIsKiosk > 0 ? preferred : null;
}
