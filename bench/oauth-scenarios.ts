/**
 * What bench/oauth.ts loads, as closed-loop scenarios (bench/closed-loop.ts): the token endpoint's
 * client_credentials and refresh_token grants (client_secret_basic), a kiosk's device-code polls and a phone
 * app's DPoP-bound refreshes (public clients), password and passkey sign-ins on our server, and our trivial route as the
 * reference of what any Next.js route handler costs.
 */
import type http from "node:http";
import type { LoadRequest, Scenario } from "./closed-loop.ts";
import { describeAnswer } from "./closed-loop.ts";
import { signAssertion, type SoftwarePasskey } from "../e2e/support/software-authenticator.ts";
import type { DpopSigner } from "./dpop-signer.ts";
import { basicAuthorization, DEMO_CLIENT, type FormSubmission } from "./oauth-flow.ts";

const CLIENT_HEADERS = {
  authorization: basicAuthorization(DEMO_CLIENT.id, DEMO_CLIENT.secret),
  "content-type": "application/x-www-form-urlencoded",
  accept: "application/json",
};

/** GET of a path that must answer 200 (the trivial route: the framework's own cost per request). */
export function plainGet(path: string): Scenario {
  const request: LoadRequest = { method: "GET", path, headers: {} };
  return { next: () => request, check: (_worker, status, body) => (status === 200 ? null : describeAnswer(status, body)) };
}

/** client_credentials with the demo client; `scope` omitted when empty (the client's default then). */
export function clientCredentials(tokenPath: string, scope: string): Scenario {
  const request: LoadRequest = {
    method: "POST",
    path: tokenPath,
    headers: CLIENT_HEADERS,
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }).toString(),
  };
  return {
    next: () => request,
    check: (_worker, status, body) => (status === 200 && body.includes('"access_token"') ? null : describeAnswer(status, body)),
  };
}

/**
 * refresh_token: worker i carries chain i, sending each time the refresh token of its previous answer.
 * `chains` is updated in place, so a later run (the measured one after the warm-up, c50 after c10)
 * continues the same chains.
 */
export function refreshChains(tokenPath: string, chains: string[]): Scenario {
  return {
    next: (worker) => ({
      method: "POST",
      path: tokenPath,
      headers: CLIENT_HEADERS,
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: chains[worker] as string }).toString(),
    }),
    check: (worker, status, body) => {
      if (status !== 200) return describeAnswer(status, body);
      let answer: { access_token?: unknown; refresh_token?: unknown };
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch {
        return describeAnswer(status, body);
      }
      if (typeof answer.access_token !== "string") return `HTTP 200 without access_token: ${body.slice(0, 160)}`;
      if (typeof answer.refresh_token !== "string") return `HTTP 200 without refresh_token: ${body.slice(0, 160)}`;
      if (answer.refresh_token === chains[worker]) return "the refresh token was not rotated";
      chains[worker] = answer.refresh_token;
      return null;
    },
  };
}

/**
 * Password sign-ins: worker i posts the sign-in form it opened (its CSRF cookie, hidden fields and
 * authorization request) again and again, each time for the next of `emails`, in JSON mode. Each answer
 * sets a new session, which is not sent back: every request is a fresh sign-in, from a browser the account
 * knows (its `device` cookie is sent back: returningBrowsers).
 */
export function passwordSignIns(forms: FormSubmission[], emails: string[], password: string, origin: string): Scenario {
  let counter = 0;
  const browsers = returningBrowsers(forms.length);
  return {
    next: (worker) => {
      const form = forms[worker % forms.length] as FormSubmission;
      const body = new URLSearchParams(form.body);
      body.set("email", emails[counter++ % emails.length] as string);
      body.set("password", password);
      return {
        method: "POST",
        path: `${form.url.pathname}${form.url.search}`,
        headers: { cookie: browsers.cookie(worker, form.cookie), origin, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      };
    },
    check: (worker, status, body, headers) => {
      browsers.keep(worker, headers);
      return status === 200 && /"redirect_?[tT]o"/.test(body) ? null : describeAnswer(status, body);
    },
  };
}

/**
 * Each connection is a member's own phone signing in again: it keeps the `device` cookie a sign-in sets, so
 * after its first sign-in to an account it is a browser the account knows, and no "new sign-in" notice is
 * written and sent, as on a Sunday morning. Password and passkey sign-ins alike.
 */
function returningBrowsers(connections: number) {
  const devices: string[] = Array.from({ length: connections }, () => "");
  return {
    cookie: (worker: number, ...others: string[]) => [...others, devices[worker]].filter(Boolean).join("; "),
    keep: (worker: number, headers: http.IncomingHttpHeaders) => {
      const device = ([] as string[]).concat(headers["set-cookie"] ?? []).find((line) => line.startsWith("device="));
      if (device) devices[worker] = device.split(";")[0] as string;
    },
  };
}

const PUBLIC_CLIENT_HEADERS = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };

/** The answers a device gets while nobody has approved it yet (RFC 8628 3.5). */
const WAITING = /"error":\s*"(authorization_pending|slow_down)"/;

/**
 * Device-code polls: worker i polls with device code i, which nobody approves, as a lobby kiosk does while
 * it waits. Every answer is 400 authorization_pending or slow_down (oidc-provider never answers slow_down).
 */
export function devicePolls(tokenPath: string, clientId: string, deviceCodes: string[]): Scenario {
  return {
    next: (worker) => ({
      method: "POST",
      path: tokenPath,
      headers: PUBLIC_CLIENT_HEADERS,
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: deviceCodes[worker] as string, client_id: clientId }).toString(),
    }),
    check: (_worker, status, body) => (status === 400 && WAITING.test(body) ? null : describeAnswer(status, body)),
  };
}

/**
 * DPoP-bound refresh_token of a public client (RFC 9449 5): worker i carries chain i and its key, each
 * request with a fresh proof carrying the nonce of the previous answer. `chains` advances in place.
 */
export function dpopRefreshChains(tokenUrl: string, clientId: string, chains: string[], signers: DpopSigner[]): Scenario {
  const tokenPath = new URL(tokenUrl).pathname;
  return {
    next: (worker) => ({
      method: "POST",
      path: tokenPath,
      headers: { ...PUBLIC_CLIENT_HEADERS, dpop: (signers[worker] as DpopSigner).proof("POST", tokenUrl) },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: chains[worker] as string, client_id: clientId }).toString(),
    }),
    check: (worker, status, body, headers) => {
      (signers[worker] as DpopSigner).absorb(headers);
      if (status !== 200) return describeAnswer(status, body);
      let answer: { refresh_token?: unknown; token_type?: unknown };
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch {
        return describeAnswer(status, body);
      }
      if (typeof answer.token_type !== "string" || answer.token_type.toLowerCase() !== "dpop") return `token_type ${String(answer.token_type)}, not DPoP`;
      if (typeof answer.refresh_token !== "string" || answer.refresh_token === chains[worker]) return "the refresh token was not rotated";
      chains[worker] = answer.refresh_token;
      return null;
    },
  };
}

export interface BenchPasskeys {
  /** The relying party id the server expects: its BASE_URL's host. */
  rpId: string;
  passkeys: SoftwarePasskey[];
}

/**
 * Passkey sign-ins: worker i, on the sign-in form it opened (its CSRF cookie and authorization request), asks
 * for a challenge (POST /auth/passkey/options, which binds it to the worker's cookie) and answers it with the
 * next account's passkey, signed here as an authenticator would (POST /auth/passkey/sign-in), again and
 * again. Two requests make one sign-in (`requestsPerGrant`); each answer sets a new session, not sent back;
 * the browser's `device` cookie is (returningBrowsers).
 */
export function passkeySignIns(forms: FormSubmission[], bench: BenchPasskeys, origin: string): Scenario {
  const challenges: (string | null)[] = forms.map(() => null);
  const challengeCookies: string[] = forms.map(() => "");
  const browsers = returningBrowsers(forms.length);
  let counter = 0;
  const fieldsOf = (form: FormSubmission) => {
    const fields = new URLSearchParams(form.body);
    fields.delete("email");
    fields.delete("password");
    return fields;
  };
  return {
    requestsPerGrant: 2,
    next: (worker) => {
      const form = forms[worker % forms.length] as FormSubmission;
      const headers = {
        cookie: browsers.cookie(worker, form.cookie, challengeCookies[worker] as string),
        origin,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      };
      const fields = fieldsOf(form);
      const challenge = challenges[worker];
      if (!challenge) {
        fields.set("purpose", "sign_in");
        return { method: "POST", path: "/auth/passkey/options", headers, body: fields.toString() };
      }
      const passkey = bench.passkeys[counter++ % bench.passkeys.length] as SoftwarePasskey;
      fields.set("credential", JSON.stringify(signAssertion(passkey, { challenge, rpId: bench.rpId, origin })));
      return { method: "POST", path: "/auth/passkey/sign-in", headers, body: fields.toString() };
    },
    check: (worker, status, body, headers) => {
      if (challenges[worker] === null) {
        const challenge = status === 200 ? (JSON.parse(body) as { options?: { challenge?: unknown } }).options?.challenge : undefined;
        const cookie = ([] as string[]).concat(headers["set-cookie"] ?? []).find((line) => line.startsWith("passkey-challenge="));
        if (typeof challenge !== "string" || !cookie) return describeAnswer(status, body);
        challenges[worker] = challenge;
        challengeCookies[worker] = cookie.split(";")[0] as string;
        return null;
      }
      challenges[worker] = null;
      browsers.keep(worker, headers);
      return status === 200 && /"redirect_to"/.test(body) ? null : describeAnswer(status, body);
    },
  };
}
