import "server-only";
import { constantTimeEqual, hashToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { HeaderReader } from "../../kernel/header-reader.ts";
import { OAuthError, invalidRequest } from "../errors.ts";
import { getClientWithSecret, withoutSecret, type OAuthClient, type OAuthClientWithSecret } from "./get-client.ts";

/**
 * Client authentication at the token, revocation and introspection endpoints (RFC 6749 2.3):
 * `client_secret_basic`, `client_secret_post`, or `none` (client_id only) for public clients.
 * Exactly one method per request; every failure is the same `invalid_client`, so a caller learns nothing
 * about which client ids exist.
 */
export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export type ClientAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export interface AuthenticatedClient {
  client: OAuthClient;
  method: ClientAuthMethod;
}

interface PresentedCredentials {
  method: ClientAuthMethod;
  clientId: string;
  secret: string | null;
}

function decodeBasicPart(part: string): string {
  // RFC 6749 2.3.1: id and secret are form-urlencoded before being joined and base64-encoded.
  return decodeURIComponent(part.replace(/\+/g, "%20"));
}

function presentedCredentials(headers: HeaderReader, form: URLSearchParams): PresentedCredentials {
  const authorization = headers.get("authorization");
  const bodyId = form.get("client_id");
  const bodySecret = form.get("client_secret");
  if (authorization !== null) {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
    if (!match) throw invalidClient("malformed Authorization header", true);
    if (bodySecret !== null) throw invalidRequest("use exactly one client authentication method");
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw invalidClient("malformed Authorization header", true);
    let clientId: string;
    let secret: string;
    try {
      clientId = decodeBasicPart(decoded.slice(0, colon));
      secret = decodeBasicPart(decoded.slice(colon + 1));
    } catch {
      throw invalidClient("malformed Authorization header", true);
    }
    if (bodyId !== null && bodyId !== clientId) throw invalidRequest("client_id does not match the Authorization header");
    return { method: "client_secret_basic", clientId, secret };
  }
  if (bodyId === null || bodyId === "") throw invalidClient("client authentication is required", false);
  if (bodySecret !== null) return { method: "client_secret_post", clientId: bodyId, secret: bodySecret };
  return { method: "none", clientId: bodyId, secret: null };
}

function invalidClient(description: string, basic: boolean): OAuthError {
  return new OAuthError("invalid_client", description, basic ? { "WWW-Authenticate": 'Basic realm="token"' } : {});
}

/**
 * Clients as the token endpoint last read them, for a few seconds: reading the row costs more than the rest
 * of a client_credentials grant (decision 0008). A cached client whose secret does not match is read again
 * before the request is refused, so a new secret works at once; disabling a client takes effect on every
 * instance within CLIENT_CACHE_MS. Unknown ids are never cached.
 */
const CLIENT_CACHE_MS = 5_000;
const CLIENT_CACHE_SIZE = 1_000;
const clientCache = new Map<string, { client: OAuthClientWithSecret; readAt: number }>();

async function readClient(database: Database, clientId: string, fresh: boolean): Promise<OAuthClientWithSecret | null> {
  const cached = clientCache.get(clientId);
  if (!fresh && cached && Date.now() - cached.readAt < CLIENT_CACHE_MS) return cached.client;
  const client = await getClientWithSecret(database, clientId);
  if (!client) {
    clientCache.delete(clientId);
    return null;
  }
  if (clientCache.size >= CLIENT_CACHE_SIZE) clientCache.delete(clientCache.keys().next().value!);
  clientCache.set(clientId, { client, readAt: Date.now() });
  return client;
}

function secretMatches(client: OAuthClientWithSecret, presented: PresentedCredentials): boolean {
  if (client.type === "public") return presented.method === "none";
  if (presented.secret === null || client.secretHash === null) return false;
  return constantTimeEqual(hashToken(presented.secret), client.secretHash);
}

export async function authenticateClient(database: Database, headers: HeaderReader, form: URLSearchParams): Promise<AuthenticatedClient> {
  const presented = presentedCredentials(headers, form);
  const basic = presented.method === "client_secret_basic";
  let client = await readClient(database, presented.clientId, false);
  if (client && !secretMatches(client, presented)) client = await readClient(database, presented.clientId, true);
  if (!client || !secretMatches(client, presented)) throw invalidClient("client authentication failed", basic);
  return { client: withoutSecret(client), method: presented.method };
}
