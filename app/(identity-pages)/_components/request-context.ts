import "server-only";
import { cookies } from "next/headers";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { database } from "@/lib/db";
import { getAuthorizationRequest, type ParkedAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { browserBindingCookieName, browserBindingHash } from "@/lib/oauth/authorize/browser-binding";

/**
 * The parked authorization request a page was opened for (`?request=`), when it belongs to this browser,
 * with the client's name for "Sign in to continue to …". Null when absent, expired or another browser's
 * (a link someone was sent): the page then works as a plain sign-in.
 */
export interface PageRequest {
  parked: ParkedAuthorizationRequest;
  clientName: string | null;
}

export async function parkedRequestOfThisBrowser(id: string | undefined): Promise<ParkedAuthorizationRequest | null> {
  if (!id) return null;
  return getAuthorizationRequest(await database(), id, browserBindingHash((await cookies()).get(browserBindingCookieName())?.value));
}

export async function pageRequest(id: string | undefined): Promise<PageRequest | null> {
  const parked = await parkedRequestOfThisBrowser(id);
  if (!parked) return null;
  const prompt = await getConsentPrompt(await database(), parked.params);
  return { parked, clientName: prompt?.clientName ?? null };
}
