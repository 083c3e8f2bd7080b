import NextAuth from "next-auth/next";
import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { portalAuthOptions } from "@/lib/portal-auth/auth-options";
import { DEFAULT_AFTER_SIGN_IN_PATH } from "@/lib/portal-auth/paths";

/**
 * next-auth's endpoints for the portal's session (lib/portal-auth): the callback from our issuer
 * (/api/auth/callback/church, the portal client's registered redirect URI), session (name, email and an
 * error flag only), csrf and providers. Signing in starts at /portal/sign-in and signing out at
 * /portal/sign-out; next-auth's own sign-out would clear only the portal's cookie and leave the
 * authorization server's session alive, so it is not offered.
 */
interface NextAuthContext {
  params: Promise<{ nextauth: string[] }>;
}

async function handle(request: NextRequest, context: NextAuthContext): Promise<Response> {
  const [action] = (await context.params).nextauth;
  if (action === "signout") return Response.redirect(`${env().BASE_URL}${DEFAULT_AFTER_SIGN_IN_PATH}`, 303);
  return NextAuth(request, context, portalAuthOptions());
}

// GET /api/auth/* - next-auth: the callback from our issuer, the session JSON, csrf, providers
export async function GET(request: NextRequest, context: NextAuthContext): Promise<Response> {
  return handle(request, context);
}

// POST /api/auth/* - next-auth: its form posts (a sign-in started by next-auth/react's signIn)
export async function POST(request: NextRequest, context: NextAuthContext): Promise<Response> {
  return handle(request, context);
}
