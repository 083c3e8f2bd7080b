import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import { db, sql } from "../db.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminClient, AdminClientsQuery, CreateClientBody, UpdateClientBody } from "./schemas.ts";

/**
 * Registered OAuth clients as staff manage them (clients:read, clients:write). A secret is random (256
 * bits) and stored only as its SHA-256 hash (decision 0006): it is answered once, when the client is made
 * or its secret rotated, and never again. First-party clients (the portal) are managed with
 * `npm run clients:register` only: editing or disabling one here could lock every member and staff out.
 */

const CLIENT_COLUMNS = `c.id AS client_id, c.name, c.type, c.redirect_uris, c.post_logout_redirect_uris, c.grant_types, c.scopes,
  c.first_party, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(c.disabled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS disabled_at`;
const CLIENT_SORT = { name: "lower(c.name)", createdAt: "c.created_at" };
const FIRST_PARTY = "first-party clients are managed with npm run clients:register";

export async function listClients(query: AdminClientsQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE (c.id ILIKE $1 OR c.name ILIKE $1)";
  }
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM client c ${where}`, values);
  const rows = await sql<AdminClient>(
    `SELECT ${CLIENT_COLUMNS} FROM client c ${where}
      ORDER BY ${orderBy(query.sort, CLIENT_SORT, "c.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows);
}

export async function getAdminClientOrThrow(clientId: string): Promise<AdminClient> {
  if (clientId.length > 128) throw notFound("client");
  const [row] = await sql<AdminClient>(`SELECT ${CLIENT_COLUMNS} FROM client c WHERE c.id = $1`, [clientId]);
  if (!row) throw notFound("client");
  return row;
}

/** POST /api/v1/admin/clients: a new third-party client; the secret is in this answer only. */
export async function createClient(body: CreateClientBody): Promise<AdminClient & { client_secret: string | null }> {
  if (body.grant_types.includes("authorization_code") && body.redirect_uris.length === 0) {
    throw new IdentityError("invalid_request", "redirect_uris: authorization_code needs at least one redirect URI");
  }
  const clientId = `cl_${randomToken(12)}`;
  const secret = body.type === "confidential" ? randomToken(32) : null;
  await (await db()).client.create({
    data: {
      id: clientId,
      name: body.name,
      type: body.type,
      secretHash: secret ? hashToken(secret) : null,
      redirectUris: body.redirect_uris,
      postLogoutRedirectUris: body.post_logout_redirect_uris,
      grantTypes: body.grant_types,
      scopes: body.scopes,
      firstParty: false,
    },
    select: { id: true },
  });
  return { ...(await getAdminClientOrThrow(clientId)), client_secret: secret };
}

async function thirdPartyOrThrow(clientId: string): Promise<AdminClient> {
  const client = await getAdminClientOrThrow(clientId);
  if (client.first_party) throw new IdentityError("conflict", FIRST_PARTY);
  return client;
}

/** PATCH /api/v1/admin/clients/{id}: name, redirect URIs, post-logout URIs, scopes. Takes effect at the next request. */
export async function updateClient(clientId: string, body: UpdateClientBody): Promise<AdminClient> {
  await thirdPartyOrThrow(clientId);
  await (await db()).client.update({
    where: { id: clientId },
    data: { name: body.name, redirectUris: body.redirect_uris, postLogoutRedirectUris: body.post_logout_redirect_uris, scopes: body.scopes },
    select: { id: true },
  });
  return getAdminClientOrThrow(clientId);
}

/**
 * POST /api/v1/admin/clients/{id}/rotate-secret: a new secret, answered once. It works at once (the token
 * endpoint re-reads a cached client whose secret does not match); the old one stops within the token
 * endpoint's 5 s client cache (decision 0008).
 */
export async function rotateClientSecret(clientId: string): Promise<AdminClient & { client_secret: string }> {
  const client = await thirdPartyOrThrow(clientId);
  if (client.type !== "confidential") throw new IdentityError("conflict", "a public client has no secret");
  const secret = randomToken(32);
  await (await db()).client.update({ where: { id: clientId }, data: { secretHash: hashToken(secret) }, select: { id: true } });
  return { ...client, client_secret: secret };
}

/**
 * POST /api/v1/admin/clients/{id}/disable: its grants are revoked at once, so its refresh tokens die and its
 * access tokens stop working on our routes; it can no longer authorize (every lookup skips disabled
 * clients), and the token endpoint refuses it within its 5 s client cache. Disabling again changes nothing.
 */
export async function disableClient(clientId: string): Promise<AdminClient> {
  const client = await thirdPartyOrThrow(clientId);
  if (client.disabled_at) return client;
  const prisma = await db();
  const now = new Date();
  await prisma.$transaction([
    prisma.client.update({ where: { id: clientId }, data: { disabledAt: now }, select: { id: true } }),
    prisma.grant.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: now, revokedReason: "client_disabled" } }),
  ]);
  return getAdminClientOrThrow(clientId);
}
