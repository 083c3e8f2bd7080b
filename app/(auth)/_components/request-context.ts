import "server-only";
import { getConsentPrompt } from "@/lib/consents/get-consent-prompt";
import { getAuthorizationRequest, type ParkedAuthorizationRequest } from "@/lib/oauth/authorization-request";

/**
 * The parked authorization request a page was opened for (`?request=`), with the client's name for
 * "Sign in to continue to …". Null when absent or expired: the page then works as a plain sign-in.
 */
export interface PageRequest {
  parked: ParkedAuthorizationRequest;
  clientName: string | null;
}

export async function pageRequest(id: string | undefined): Promise<PageRequest | null> {
  if (!id) return null;
  const parked = await getAuthorizationRequest(id);
  if (!parked) return null;
  const prompt = await getConsentPrompt(parked.params);
  return { parked, clientName: prompt?.clientName ?? null };
}
