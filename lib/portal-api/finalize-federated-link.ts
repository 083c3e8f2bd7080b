import "server-only";
import { env } from "../env.ts";
import { FederatedLinkResultSchema, type FederatedLinkResult } from "../federation/schemas.ts";
import type { FederationOutcome } from "../federation/outcomes.ts";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { relayedClientHeader, RELAYED_CLIENT_HEADER } from "../http/relayed-client.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { stepUpChallenge } from "./step-up.ts";

export type PortalLinkAnswer =
  | { linked: true; result: FederatedLinkResult }
  /** `session_ended`: the token was refused; the member must sign in again. `confirm`: a fresh sign-in is needed first. */
  | { linked: false; outcome: FederationOutcome | "session_ended" | "confirm" };

/**
 * The portal's "Link account" button, on the server: POST /oauth/federated/link/finalize with the
 * member's access token (which never reaches the browser) and the link code from the `fed-link` cookie,
 * through the backchannel like every other portal call. Answers what the security page should say.
 */
export async function finalizeFederatedLinkForPortal(accessToken: string, code: string, client: RequestContext): Promise<PortalLinkAnswer> {
  const authorization = `Bearer ${accessToken}`;
  const headers: Record<string, string> = { Authorization: authorization, "Content-Type": "application/json", Accept: "application/json" };
  // The member's own address and browser, so their security log and attempt limits see them, not us; the
  // address signed, so the API believes it from us alone (lib/http/relayed-client.ts).
  if (client.ip) headers[RELAYED_CLIENT_HEADER] = relayedClientHeader(client.ip, authorization);
  if (client.userAgent) headers["User-Agent"] = client.userAgent;
  let response: Response;
  try {
    response = await fetch(`${env().BACKCHANNEL_URL}/oauth/federated/link/finalize`, {
      method: "POST",
      headers,
      body: JSON.stringify({ code }),
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    logUnexpectedError("portal federated link: the identity API did not answer", error);
    return { linked: false, outcome: "failed" };
  }
  if (response.status === 200) {
    const parsed = FederatedLinkResultSchema.safeParse(await response.json().catch(() => null));
    return parsed.success ? { linked: true, result: parsed.data } : { linked: false, outcome: "failed" };
  }
  await response.body?.cancel();
  switch (response.status) {
    case 400:
      return { linked: false, outcome: "link_expired" };
    case 401:
      return { linked: false, outcome: stepUpChallenge(response.headers.get("www-authenticate")) ? "confirm" : "session_ended" };
    case 409:
      return { linked: false, outcome: "linked_elsewhere" };
    case 429:
      return { linked: false, outcome: "too_many_requests" };
    default:
      return { linked: false, outcome: "failed" };
  }
}
