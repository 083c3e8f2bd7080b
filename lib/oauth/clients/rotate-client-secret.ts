import "server-only";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { IdentityError } from "../../identity/errors.ts";
import { getThirdPartyClientOrThrow } from "./get-third-party-client-or-throw.ts";
import type { AdminClient } from "./staff-schemas.ts";

/**
 * POST /api/v1/admin/clients/{id}/rotate-secret (clients:write): a new secret, answered once. It works at
 * once (the token endpoint re-reads a cached client whose secret does not match); the old one stops within
 * the token endpoint's 5 s client cache (decision 0008).
 */
export async function rotateClientSecret(database: Database, clientId: string): Promise<AdminClient & { client_secret: string }> {
  const client = await getThirdPartyClientOrThrow(database, clientId);
  if (client.type !== "confidential") throw new IdentityError("conflict", "a public client has no secret");
  const secret = randomToken(32);
  await database.prisma.client.update({ where: { id: clientId }, data: { secretHash: hashToken(secret) }, select: { id: true } });
  return { ...client, client_secret: secret };
}
