import "server-only";
import type { Database } from "../../db/database.ts";

/** True when the member has a granted consent for this client that covers every requested scope. */
export async function consentCovers(database: Database, userId: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
  const consent = await database.prisma.consent.findUnique({
    where: { userId_clientId: { userId, clientId } },
    select: { status: true, scopes: true },
  });
  return consent?.status === "granted" && scopes.every((scope) => consent.scopes.includes(scope));
}
