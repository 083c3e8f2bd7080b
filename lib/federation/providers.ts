import "server-only";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import type { FederationProviderInput, FederationProviderSummary } from "./schemas.ts";

/**
 * The external OpenID Connect providers an operator configured (docs/decisions/0014): one row each in
 * `federation_provider`, the client secret sealed under a key derived from APP_SECRET. Written only by
 * scripts/federation-providers.ts; read on every "Continue with", so a change takes effect at once on
 * every instance.
 */
const SECRET_PURPOSE = "federation-client-secret";

export interface FederationProvider {
  id: string;
  displayName: string;
  issuer: string;
  clientId: string;
  scopes: string[];
  updatedAt: Date;
  /** Opens the sealed client secret; only the relying party calls it. */
  clientSecret(): Promise<string>;
}

export interface FederationProviderListing extends FederationProviderSummary {
  issuer: string;
  clientId: string;
  scopes: string[];
  enabled: boolean;
  linkedIdentities: number;
  updatedAt: Date;
}

/** The providers offered on the sign-in page, by display name. */
export async function listEnabledProviders(database: Database): Promise<FederationProviderSummary[]> {
  return database.prisma.federationProvider.findMany({
    where: { enabled: true },
    orderBy: [{ displayName: "asc" }, { id: "asc" }],
    select: { id: true, displayName: true },
  });
}

/** An enabled provider with what the relying party needs, or null when unknown or disabled. */
export async function getEnabledProvider(database: Database, id: string): Promise<FederationProvider | null> {
  const row = await database.prisma.federationProvider.findFirst({
    where: { id, enabled: true },
    select: { id: true, displayName: true, issuer: true, clientId: true, scopes: true, updatedAt: true, clientSecretEncrypted: true },
  });
  if (!row) return null;
  const { clientSecretEncrypted, scopes, ...rest } = row;
  return { ...rest, scopes: scopes.split(" ").filter(Boolean), clientSecret: () => openSecret(SECRET_PURPOSE, clientSecretEncrypted) };
}

/** Every provider, enabled or not, for the operator's script. Never the secret. */
export async function listAllProviders(database: Database): Promise<FederationProviderListing[]> {
  const rows = await database.prisma.federationProvider.findMany({
    orderBy: { id: "asc" },
    select: {
      id: true,
      displayName: true,
      issuer: true,
      clientId: true,
      scopes: true,
      enabled: true,
      updatedAt: true,
      _count: { select: { identities: true } },
    },
  });
  return rows.map(({ _count, scopes, ...row }) => ({ ...row, scopes: scopes.split(" ").filter(Boolean), linkedIdentities: _count.identities }));
}

/** Adds a provider or replaces one's settings (and secret); enables it. Answers whether it was new. */
export async function saveFederationProvider(database: Database, input: FederationProviderInput): Promise<{ created: boolean }> {
  const data = {
    displayName: input.displayName,
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretEncrypted: await sealSecret(SECRET_PURPOSE, input.clientSecret),
    scopes: [...new Set(input.scopes)].join(" "),
    enabled: true,
  };
  const existing = await database.prisma.federationProvider.findUnique({ where: { id: input.id }, select: { id: true } });
  await database.prisma.federationProvider.upsert({ where: { id: input.id }, create: { id: input.id, ...data }, update: data, select: { id: true } });
  return { created: !existing };
}

/** Turns "Continue with" on or off; links are kept either way. False when there is no such provider. */
export async function setFederationProviderEnabled(database: Database, id: string, enabled: boolean): Promise<boolean> {
  const { count } = await database.prisma.federationProvider.updateMany({ where: { id }, data: { enabled } });
  return count === 1;
}

/** Deletes a provider and, with it, every identity linked through it. False when there is no such provider. */
export async function removeFederationProvider(database: Database, id: string): Promise<boolean> {
  const { count } = await database.prisma.federationProvider.deleteMany({ where: { id } });
  return count === 1;
}
