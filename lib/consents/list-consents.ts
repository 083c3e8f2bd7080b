import "server-only";
import type { Database } from "../db/database.ts";
import { ConsentSchema, ListedConsentSchema, type ConsentBody, type ListedConsent } from "./schemas.ts";

interface ConsentRecord {
  id: string;
  clientId: string;
  scopes: string[];
  status: string;
  grantedAt: Date;
  revokedAt: Date | null;
}

/** The columns a Consent is answered from (Prisma `select`). */
export const CONSENT_SELECT = { id: true, clientId: true, scopes: true, status: true, grantedAt: true, revokedAt: true } as const;

export function consentBodyFromRecord(consent: ConsentRecord): ConsentBody {
  return ConsentSchema.parse({
    id: consent.id,
    client_id: consent.clientId,
    scopes: consent.scopes,
    status: consent.status,
    granted_at: consent.grantedAt.toISOString(),
    ...(consent.revokedAt ? { revoked_at: consent.revokedAt.toISOString() } : {}),
  });
}

/** Every consent of the member with its app's name, granted ones first, newest grant first. */
export async function listConsents(database: Database, userId: string): Promise<ListedConsent[]> {
  const consents = await database.prisma.consent.findMany({
    where: { userId },
    select: { ...CONSENT_SELECT, client: { select: { name: true } } },
    // `granted` sorts before `revoked`, the only two statuses (CONSENT_STATUS).
    orderBy: [{ status: "asc" }, { grantedAt: "desc" }, { id: "asc" }],
  });
  return consents.map((consent) => ListedConsentSchema.parse({ ...consentBodyFromRecord(consent), client_name: consent.client.name }));
}
