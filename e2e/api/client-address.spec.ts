import { expect, test } from "@playwright/test";
import { createTestMember, uniqueEmail } from "../support/oauth-accounts.ts";
import { hiddenInputs, OAuthBrowser, type RequestInit as BrowserRequestInit } from "../support/oauth-browser.ts";
import { basic, pkce, PORTAL_CLIENT, PORTAL_SCOPE } from "../support/oauth-client.ts";
import { createScratchDatabase, dropScratchDatabase, startScratchServer, type ScratchServer } from "../support/scratch-server.ts";
import { TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * Issue 14, finding 4: a server started with the default settings (no TRUSTED_PROXIES) takes the client's
 * address from the socket, never from a header the client wrote. The shared test servers trust loopback
 * (the tests play the proxy, playwright.config.ts); these start servers of their own without it.
 */

/** A documentation address (RFC 5737) per request: never the loopback address the socket really has. */
const claimed = (n: number) => ({ "x-forwarded-for": `198.51.100.${(n % 250) + 1}`, "x-real-ip": `203.0.113.${(n % 250) + 1}` });

/** A browser that claims another address on every request, as a client may. */
class ClaimingBrowser extends OAuthBrowser {
  private count = 0;

  override fetch(target: string | URL, init: BrowserRequestInit = {}): Promise<Response> {
    this.count += 1;
    return super.fetch(target, { ...init, headers: { ...claimed(this.count), ...init.headers } });
  }
}

test.describe("a server on the default settings", () => {
  test.describe.configure({ mode: "serial" });

  test("its per-IP attempt limits cannot be dodged by claiming another address in X-Forwarded-For or X-Real-IP", async () => {
    test.setTimeout(150_000);
    // A database of its own: its counter for 127.0.0.1 must not block the shared server's other tests.
    const database = await createScratchDatabase("client_address");
    let server: ScratchServer | undefined;
    try {
      server = await startScratchServer({ DATABASE_URL: database });
      const browser = new OAuthBrowser(server.baseUrl);
      const { html } = await browser.page("/sign-in");
      const form = hiddenInputs(html);

      // The sign-in form (served by server/main.ts itself): 50 failures from one address, each a new account
      // and a new claimed address; the 51st is refused however it presents itself.
      for (let attempt = 1; attempt <= 51; attempt++) {
        const response = await browser.fetch("/auth/sign-in", {
          form: { ...form, email: uniqueEmail(`xff-${attempt}`), password: "wrong-password" },
          headers: { accept: "application/json", ...claimed(attempt) },
        });
        expect(response.status, `sign-in failure ${attempt}`).toBe(attempt <= 50 ? 401 : 429);
        await response.body?.cancel();
      }

      // A Next route (the forgot-password form): 20 codes from one address go out at once and the 21st
      // starts the wait (IP_CODE_SEND_POLICY), so the 22nd is refused, whatever is claimed.
      const { html: forgotHtml } = await browser.page("/forgot-password");
      const forgotForm = hiddenInputs(forgotHtml);
      for (let attempt = 1; attempt <= 22; attempt++) {
        const response = await browser.fetch("/auth/forgot-password", {
          form: { ...forgotForm, email: uniqueEmail(`xff-reset-${attempt}`) },
          headers: { accept: "application/json", ...claimed(100 + attempt) },
        });
        expect(response.status, `reset code ${attempt}`).toBe(attempt <= 21 ? 200 : 429);
        await response.body?.cancel();
      }
    } finally {
      await server?.stop();
      await dropScratchDatabase(database);
    }
  });

  test("the session list and the security log show the socket's address, not the one the client claimed", async () => {
    const server = await startScratchServer({ DATABASE_URL: TEST_DATABASE_URL });
    try {
      const member = await createTestMember("xff-ignored");
      // Signed in through the portal's client (account control is first-party only), every request of the
      // browser claiming an address: sign-in is server/main.ts's own path.
      const browser = new ClaimingBrowser(server.baseUrl);
      const { verifier, challenge } = await pkce();
      const authorize = new URL("/oauth/authorize", server.baseUrl);
      for (const [name, value] of Object.entries({
        response_type: "code",
        client_id: PORTAL_CLIENT.id,
        redirect_uri: PORTAL_CLIENT.redirectUri,
        scope: PORTAL_SCOPE,
        state: "xff-state",
        code_challenge: challenge,
        code_challenge_method: "S256",
      })) {
        authorize.searchParams.set(name, value);
      }
      const outcome = await browser.authorize(authorize, { account: member, ownRedirectUri: PORTAL_CLIENT.redirectUri });
      expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();
      const token = await fetch(new URL("/oauth/token", server.baseUrl), {
        method: "POST",
        headers: { authorization: basic(PORTAL_CLIENT.id, PORTAL_CLIENT.secret!), "content-type": "application/x-www-form-urlencoded", ...claimed(7) },
        body: new URLSearchParams({ grant_type: "authorization_code", code: outcome.code!, redirect_uri: PORTAL_CLIENT.redirectUri, code_verifier: verifier }),
      });
      expect(token.status).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      // A second sign-in, elsewhere (another browser), also claiming addresses.
      const elsewhere = await new ClaimingBrowser(server.baseUrl).postSignIn(null, member.email, member.password);
      expect(elsewhere.status).toBe(200);

      const call = async (method: string, path: string) => {
        const response = await fetch(new URL(path, server.baseUrl), { method, headers: { authorization: `Bearer ${accessToken}`, ...claimed(9) } });
        expect(response.status, `${method} ${path}`).toBe(200);
        return response.json();
      };
      const { sessions } = (await call("GET", "/api/v1/sessions/me")) as { sessions: { id: string; ip: string | null; current: boolean }[] };
      expect(sessions.map(({ ip, current }) => ({ ip, current }))).toEqual([
        { ip: "127.0.0.1", current: true },
        { ip: "127.0.0.1", current: false },
      ]);
      // Signing the other one out is a Next route: its log entry has the socket's address too.
      await call("DELETE", `/api/v1/sessions/me/${sessions[1]!.id}`);
      const { events } = (await call("GET", "/api/v1/users/me/security-events")) as { events: { type: string; ip: string | null }[] };
      expect(events.map(({ type, ip }) => ({ type, ip }))).toEqual([
        { type: "session_revoked", ip: "127.0.0.1" },
        { type: "sign_in", ip: "127.0.0.1" },
        { type: "sign_in", ip: "127.0.0.1" },
      ]);
    } finally {
      await server.stop();
    }
  });
});
