/**
 * For tests only: a real upstream OpenID Connect provider (panva's `oidc-provider`, the certified
 * implementation) in the test's own process, on a port the system picks, with one client registered for
 * `redirectUri` and its built-in development login and consent pages. Any login name signs in, and that name
 * is the `sub` of the ID token; every account claims a verified `<login>@upstream.example`, so a test can show
 * that a matching email is never used to link. Service tests and end-to-end specs (e2e/support/federation.ts)
 * alike go through its pages as `upstreamPerson`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface TestUpstream {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The email the upstream gives an account: `<login>@upstream.example`, verified. */
export const upstreamEmail = (login: string) => `${login}@upstream.example`;

/** A login name nobody else used at the upstream: a new person there. */
export const newUpstreamLogin = (label: string) => `${label}-${randomBytes(4).toString("hex")}`;

export async function startTestUpstream(input: { clientId: string; redirectUri: string }): Promise<TestUpstream> {
  // The provider is made once the port, hence the issuer, is known.
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: input.clientId,
        client_secret: clientSecret,
        redirect_uris: [input.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "upstream-test", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: upstreamEmail(id), email_verified: true, name: `Upstream ${id}` };
        },
      };
    },
  });
  handle = provider.callback();
  return {
    issuer,
    clientId: input.clientId,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A person at the upstream, in a browser of their own there (its cookies kept between calls, so a second
 * trip finds them signed in): follows `authorizationUrl` through the login page (as `login`, or pressing
 * "cancel" with `abort`) and the consent page, and answers the URL the upstream sends back to the client,
 * unvisited.
 */
export type UpstreamPerson = ((authorizationUrl: string, options?: { login?: string; abort?: boolean }) => Promise<URL>) & { issuer: string };

export function upstreamPerson(upstream: { issuer: string }): UpstreamPerson {
  const cookies = new Map<string, string>();
  const send = async (url: URL, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  const visit = async (authorizationUrl: string, options: { login?: string; abort?: boolean } = {}): Promise<URL> => {
    let next = new URL(authorizationUrl);
    for (let step = 0; step < 12; step++) {
      if (next.origin !== upstream.issuer) return next;
      const response = await send(next);
      const location = response.headers.get("location");
      if (location) {
        await response.body?.cancel();
        next = new URL(location, next);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action) throw new Error(`unexpected upstream page ${response.status} ${next.href}`);
      const fields = Object.fromEntries([...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
      if (fields.prompt === "login") {
        if (options.abort) {
          next = new URL(`${next.pathname.replace(/\/$/, "")}/abort`, next);
          continue;
        }
        if (!options.login) throw new Error("the upstream asked to sign in but no login was given");
        Object.assign(fields, { login: options.login, password: "any-password" });
      }
      const posted = await send(new URL(action.replace(/&amp;/g, "&"), next), fields);
      await posted.body?.cancel();
      const postedLocation = posted.headers.get("location");
      if (!postedLocation) throw new Error(`the upstream form answered ${posted.status} without a redirect`);
      next = new URL(postedLocation, next);
    }
    throw new Error("the trip at the upstream did not end");
  };
  return Object.assign(visit, { issuer: upstream.issuer });
}
