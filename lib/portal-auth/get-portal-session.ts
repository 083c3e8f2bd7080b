import "server-only";
import type { JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { database } from "../db.ts";
import { holdsStaffPermission } from "../identity/holds-staff-permission.ts";
import { portalRefreshHref, portalSignInHref } from "./paths.ts";
import { failedPortalToken, freshenPortalToken, portalTokenIsStale } from "./refresh-tokens.ts";
import { canWriteCookies, readPortalToken, writePortalToken } from "./session-cookie.ts";

/**
 * The portal's session for server code. Three entry points, by where they run:
 *
 * - `getPortalSession()`: Route Handlers and Server Actions (they can write cookies). Returns the member
 *   and an access token valid for at least a minute, refreshing it first when needed and writing the
 *   rotated tokens back to the session cookie. Null when signed out or the session has ended.
 * - `requirePortalSession(returnTo)`: Server Components (pages), which cannot write cookies. Redirects
 *   to sign-in when there is no usable session, and through /portal/refresh (a Route Handler that can
 *   write the cookie) when the access token is stale; otherwise returns the same shape.
 * - `getPortalViewer()`: the header. Reads only, never refreshes, never redirects.
 *
 * The access token is for server-to-server calls (`Authorization: Bearer` to /api/v1); never pass it
 * to a client component or into HTML.
 */

export interface PortalMember {
  /** The member's id at our issuer: the `sub` of their tokens. */
  id: string;
  name: string | null;
  email: string | null;
}

export interface PortalSession {
  member: PortalMember;
  accessToken: string;
  /** Seconds since the epoch. */
  accessTokenExpiresAt: number;
}

export interface PortalViewer {
  name: string | null;
  email: string | null;
  /** Holds a staff permission (read from the database): the header offers the church office. */
  staff: boolean;
  /** The session could not be refreshed (ended at the issuer, or expired): ask to sign in again. */
  mustSignInAgain: boolean;
}

function memberOf(token: JWT): PortalMember | null {
  if (!token.sub) return null;
  return { id: token.sub, name: token.name ?? null, email: token.email ?? null };
}

function sessionOf(token: JWT): PortalSession | null {
  const member = memberOf(token);
  if (!member || token.error || !token.accessToken || !token.accessTokenExpiresAt) return null;
  return { member, accessToken: token.accessToken, accessTokenExpiresAt: token.accessTokenExpiresAt };
}

/** Route Handlers and Server Actions: the member and a fresh access token, or null. */
export async function getPortalSession(): Promise<PortalSession | null> {
  const store = await cookies();
  const requestCookies = store.getAll();
  const token = await readPortalToken(requestCookies);
  if (!token || token.error || !memberOf(token)) return null;
  if (!portalTokenIsStale(token)) return sessionOf(token);
  // Refreshing spends the refresh token: make sure the new one can be stored before spending it.
  if (!canWriteCookies(store, requestCookies)) {
    throw new Error("getPortalSession() must run in a Route Handler or Server Action; pages use requirePortalSession()");
  }
  const { token: fresh } = await freshenPortalToken(token);
  await writePortalToken(store, fresh, requestCookies);
  return sessionOf(fresh);
}

/**
 * Route Handlers: the session ended at the authorization server (signed out from another device, or the
 * member's sessions revoked), so the tokens it holds are dropped, as after a failed refresh. Pages then
 * send the member to sign in again and the header says the session has ended.
 */
export async function endPortalSession(): Promise<void> {
  const store = await cookies();
  const requestCookies = store.getAll();
  const token = await readPortalToken(requestCookies);
  if (!token || token.error) return;
  await writePortalToken(store, failedPortalToken(token), requestCookies);
}

/**
 * Route Handlers: the member changed their name or sign-in address through the portal. The session shows the
 * ones the sign-in's ID token gave (the header, "Signed in as"); it takes the new ones at once instead of at
 * the next sign-in.
 */
export async function updatePortalSessionMember(change: { name?: string; email?: string }): Promise<void> {
  const store = await cookies();
  const requestCookies = store.getAll();
  const token = await readPortalToken(requestCookies);
  if (!token || token.error) return;
  const updated = { ...token, ...change };
  if (updated.name === token.name && updated.email === token.email) return;
  await writePortalToken(store, updated, requestCookies);
}

/**
 * Server Components: the member and a fresh access token. Redirects to sign-in (coming back to
 * `returnTo`, a same-site path) when signed out or ended, and through the refresh route when stale.
 */
export async function requirePortalSession(returnTo: string): Promise<PortalSession> {
  const token = await readPortalToken((await cookies()).getAll());
  if (!token || token.error || !memberOf(token)) redirect(portalSignInHref(returnTo));
  if (portalTokenIsStale(token)) redirect(portalRefreshHref(returnTo));
  const session = sessionOf(token);
  if (!session) redirect(portalSignInHref(returnTo));
  return session;
}

/** The header: who is signed in, as far as the cookie says; null when nobody is. */
export async function getPortalViewer(): Promise<PortalViewer | null> {
  // cookies() first: it marks the page dynamic before anything reads the server's secrets.
  const requestCookies = (await cookies()).getAll();
  const token = await readPortalToken(requestCookies);
  const member = token ? memberOf(token) : null;
  if (!token || !member) return null;
  const mustSignInAgain = Boolean(token.error);
  return { name: member.name, email: member.email, staff: !mustSignInAgain && (await holdsStaffPermission(await database(), member.id)), mustSignInAgain };
}
