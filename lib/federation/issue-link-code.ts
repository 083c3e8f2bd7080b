import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { LINK_CODE_TTL_SECONDS } from "./cookies.ts";

export interface ExternalIdentity {
  providerId: string;
  issuer: string;
  subject: string;
  /** The provider's email claim, kept only to show the member which account they are linking. */
  email: string | null;
}

/**
 * A one-time link code for an external identity not linked yet that came back while `userId` was signed
 * in (decisions.md part 3): 256 random bits, only its SHA-256 stored, ten minutes, bound to that member.
 * A member has at most one pending code: a newer attempt replaces the older one.
 */
export async function issueLinkCode(database: Database, userId: string, identity: ExternalIdentity, now = new Date()): Promise<string> {
  const code = randomToken(32);
  await database.transaction(async (tx) => {
    await tx.prisma.federatedLinkCode.deleteMany({ where: { OR: [{ userId }, { expiresAt: { lt: now } }] } });
    await tx.prisma.federatedLinkCode.create({
      data: {
        codeHash: hashToken(code),
        userId,
        providerId: identity.providerId,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        expiresAt: new Date(now.getTime() + LINK_CODE_TTL_SECONDS * 1000),
      },
      select: { codeHash: true },
    });
  });
  return code;
}
