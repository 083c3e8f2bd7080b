import "server-only";
import { db } from "../db.ts";

/**
 * Ends a session and everything issued within it: its grants are revoked, so their refresh tokens die
 * and their access tokens stop working on our own routes at once (the guard checks the session).
 */
export async function revokeSession(sessionId: string, reason: string): Promise<void> {
  const now = new Date();
  const prisma = await db();
  await prisma.$transaction([
    prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } }),
    prisma.grant.updateMany({
      where: { sessionId, revokedAt: null },
      data: { revokedAt: now, revokedReason: reason },
    }),
  ]);
}
