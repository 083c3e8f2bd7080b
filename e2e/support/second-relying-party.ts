/**
 * The second relying-party library of the protocol tests: oauth4webapi (openid-client is the first,
 * e2e/support/oauth-client.ts). Discovery and authorization URLs as its README builds them; the specs call
 * its grant and validation functions themselves, so each check is the library's own.
 */
import * as oauth from "oauth4webapi";
import { ISSUER } from "./oauth-client.ts";

/** The test server is http on loopback: the only reason this option is set. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(ISSUER);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
}

/** An authorization URL with these parameters; a value of null leaves one out. */
export function authorizationUrl(as: oauth.AuthorizationServer, parameters: Record<string, string | null>): URL {
  const url = new URL(as.authorization_endpoint!);
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  return url;
}
