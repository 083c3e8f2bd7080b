import "server-only";
import type { Database } from "../db/database.ts";
import { PASSKEY_VIEW_SELECT, passkeyView } from "./passkey-view.ts";
import type { PasskeyList } from "./schemas.ts";

/** The member's passkeys, oldest first; names and dates, never key material. */
export async function listPasskeys(database: Database, userId: string): Promise<PasskeyList> {
  const rows = await database.prisma.passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: PASSKEY_VIEW_SELECT });
  return { passkeys: rows.map(passkeyView) };
}
