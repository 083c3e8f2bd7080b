import "server-only";
import { ClientSecretBasic, allowInsecureRequests, discovery, type Configuration } from "openid-client";
import { env } from "../env.ts";
import type { FederationProvider } from "./providers.ts";
import { isLoopbackHttpIssuer } from "./schemas.ts";

/**
 * Our relying-party side towards one provider, with openid-client 6: its metadata found by discovery
 * (the answered `issuer` must equal the configured one exactly), client_secret_basic at its token
 * endpoint, and ID tokens checked against its JWKS. Plain HTTP only for a loopback issuer (tests, a
 * provider on the same machine).
 *
 * The discovered metadata is kept a few minutes per process, keyed by the provider row's updated_at, so a
 * changed provider is rediscovered at once. It is public metadata, not per-attempt state: everything an
 * attempt needs (state, nonce, PKCE verifier) lives in PostgreSQL.
 */
export const FEDERATED_CALLBACK_PATH = "/auth/federated/callback";
const METADATA_CACHE_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;

interface CachedConfiguration {
  version: string;
  loadedAt: number;
  configuration: Promise<Configuration>;
}

const cache = new Map<string, CachedConfiguration>();

/** The redirect URI registered at every provider: `${BASE_URL}/auth/federated/callback`. */
export function federatedCallbackUrl(): string {
  return `${env().BASE_URL}${FEDERATED_CALLBACK_PATH}`;
}

export async function relyingPartyFor(provider: FederationProvider): Promise<Configuration> {
  const version = `${provider.issuer}\n${provider.clientId}\n${provider.updatedAt.toISOString()}`;
  const cached = cache.get(provider.id);
  if (cached && cached.version === version && Date.now() - cached.loadedAt < METADATA_CACHE_MS) return cached.configuration;
  const configuration = (async () =>
    discovery(new URL(provider.issuer), provider.clientId, undefined, ClientSecretBasic(await provider.clientSecret()), {
      execute: isLoopbackHttpIssuer(provider.issuer) ? [allowInsecureRequests] : [],
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    }))();
  const entry = { version, loadedAt: Date.now(), configuration };
  cache.set(provider.id, entry);
  // A failed discovery is not kept: the next attempt tries again.
  configuration.catch(() => {
    if (cache.get(provider.id) === entry) cache.delete(provider.id);
  });
  return configuration;
}
