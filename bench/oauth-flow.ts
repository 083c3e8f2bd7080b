/**
 * The OAuth 2.0 authorization code flow with PKCE, driven over HTTP the way a browser would: fetch with
 * redirects followed by hand and a cookie jar, the sign-in and consent forms parsed from the HTML (their
 * hidden inputs, e.g. csrf_token and request, are sent back as they are). Works against our server
 * (/sign-in, /auth/sign-in in JSON mode, /consent) and against oidc-provider's devInteractions pages, both
 * found through discovery. Used by bench/oauth.ts to obtain refresh tokens and to check the endpoints.
 */
import { createHash, randomBytes } from "node:crypto";
import { CookieJar } from "../e2e/support/oauth-browser.ts";
import type { DpopSigner } from "./dpop-signer.ts";

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
}

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  [key: string]: unknown;
}

export const DEMO_CLIENT = {
  id: "demo-app",
  secret: "demo-secret",
  redirectUri: "http://127.0.0.1:8080/callback",
} as const;

/** `Authorization: Basic …` of client_secret_basic (RFC 6749 2.3.1: form-urlencoded id and secret). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString("base64")}`;
}

export interface HtmlForm {
  action: string | null;
  method: string;
  /** Inputs with a name (hidden ones with their value) and named buttons. */
  fields: { name: string; value: string; type: string }[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'", "#x2F": "/" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (ENTITIES[entity] !== undefined) return ENTITIES[entity];
    if (/^#x/i.test(entity)) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (/^#\d/.test(entity)) return String.fromCodePoint(Number(entity.slice(1)));
    return whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-\w:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1]?.toLowerCase();
    if (name) found[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

/** The forms of an HTML page, with their named inputs and buttons. */
export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const formAttributes = attributes(match[1] ?? "");
    const fields: HtmlForm["fields"] = [];
    for (const control of (match[2] ?? "").matchAll(/<(input|button)\b([^>]*)>/gi)) {
      const controlAttributes = attributes(control[2] ?? "");
      if (!controlAttributes.name) continue;
      fields.push({ name: controlAttributes.name, value: controlAttributes.value ?? "", type: (controlAttributes.type ?? (control[1]?.toLowerCase() === "button" ? "submit" : "text")).toLowerCase() });
    }
    forms.push({ action: formAttributes.action ?? null, method: (formAttributes.method ?? "get").toLowerCase(), fields });
  }
  return forms;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function discover(origin: string): Promise<Discovery> {
  const response = await fetch(`${origin}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`${origin}/.well-known/openid-configuration answered ${response.status}`);
  const discovery = (await response.json()) as Discovery;
  if (!discovery.authorization_endpoint || !discovery.token_endpoint) throw new Error(`${origin}'s discovery document names no authorization or token endpoint`);
  return discovery;
}

export interface FlowOptions {
  origin: string;
  discovery: Discovery;
  /** Typed into the sign-in form: ours {email, password}; devInteractions {login, password}. */
  credentials: Record<string, string>;
  scope: string;
  /** E.g. prompt=consent, which oidc-provider needs before it grants offline_access (OIDC Core 11). */
  extraParameters?: Record<string, string>;
  /** Where a form without an action posts, by the page's path: ours /sign-in → /auth/sign-in. */
  defaultActions?: Record<string, string>;
  /** Values of submit buttons to press when a form has several (consent: allow, not deny). */
  approve?: string[];
  /** Another client than demo-app: a public one (no secret) authenticates with client_id alone. */
  client?: FlowClient;
  /** The code exchange carries a proof of this key (RFC 9449), retried once with the nonce the server asks for. */
  dpop?: DpopSigner;
}

export interface FlowClient {
  id: string;
  secret: string | null;
  redirectUri: string;
}

export interface FlowResult {
  tokens: TokenResponse;
  /** Each step, for error messages and the report: "GET /oauth/authorize → 303". */
  trail: string[];
}

/** A form ready to post: where, with which cookies, and its fields (hidden ones, credentials, the button). */
export interface FormSubmission {
  url: URL;
  method: "POST";
  body: URLSearchParams;
  /** The cookies of the browser at that moment (ours: the CSRF seed cookie). */
  cookie: string;
  /** True for the sign-in form (it has a password field). */
  signIn: boolean;
}

interface Walk {
  jar: CookieJar;
  trail: string[];
  verifier: string;
  code: string | null;
  /** Set when the walk stopped before posting the sign-in form. */
  signIn: FormSubmission | null;
}

const MAX_STEPS = 20;

/** From the authorization request to the redirect carrying the code (or to the sign-in form, when asked to stop there). */
async function walk(options: FlowOptions, stopAtSignIn: boolean): Promise<Walk> {
  const { origin, discovery } = options;
  const client = options.client ?? DEMO_CLIENT;
  const jar = new CookieJar();
  const trail: string[] = [];
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString("base64url");
  const nonce = randomBytes(12).toString("base64url");
  const authorize = new URL(discovery.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirectUri,
    scope: options.scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    nonce,
    ...options.extraParameters,
  })) {
    authorize.searchParams.set(name, value);
  }
  const fail = (problem: string): never => {
    throw new Error(`authorization code flow at ${origin}: ${problem}\n  ${trail.join("\n  ")}`);
  };

  let next: { url: URL; method: "GET" | "POST"; body?: URLSearchParams } = { url: authorize, method: "GET" };
  for (let step = 0; step < MAX_STEPS; step++) {
    // Requests go to this server's own origin even when a URL names the issuer's (BASE_URL).
    const sameServer = next.url.origin === new URL(origin).origin || next.url.origin === new URL(discovery.issuer).origin;
    const target = sameServer ? new URL(`${origin}${next.url.pathname}${next.url.search}`) : next.url;
    const response = await fetch(target, {
      method: next.method,
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        accept: next.method === "POST" ? "application/json" : "text/html",
        ...(next.method === "POST" ? { origin: new URL(discovery.issuer).origin, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: next.body?.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    jar.absorb(response.headers);
    const text = await response.text();
    trail.push(`${next.method} ${target.pathname}${target.search.length > 80 ? `${target.search.slice(0, 80)}…` : target.search} → ${response.status}`);

    let location: string | null = null;
    if (response.status >= 300 && response.status < 400) {
      location = response.headers.get("location") ?? fail(`a ${response.status} without Location`);
    } else if (response.status === 200 && (response.headers.get("content-type") ?? "").includes("json")) {
      const body = JSON.parse(text) as { redirect_to?: string; redirectTo?: string };
      location = body.redirect_to ?? body.redirectTo ?? fail(`JSON without redirect_to: ${text.slice(0, 300)}`);
    } else if (response.status === 200) {
      const submission = submitForm(target, text, options, jar, fail);
      if (submission.signIn && stopAtSignIn) return { jar, trail, verifier, code: null, signIn: submission };
      next = submission;
      continue;
    } else {
      fail(`${response.status}: ${text.slice(0, 300)}`);
    }

    const url = new URL(location as string, target);
    if (`${url.origin}${url.pathname}` === client.redirectUri) {
      if (url.searchParams.get("error")) fail(`redirected with error ${url.searchParams.get("error")}: ${url.searchParams.get("error_description") ?? ""}`);
      if (url.searchParams.get("state") !== state) fail(`state came back as ${url.searchParams.get("state")}`);
      return { jar, trail, verifier, code: url.searchParams.get("code") ?? fail("redirected without a code"), signIn: null };
    }
    next = { url, method: "GET" };
  }
  return fail(`no code after ${MAX_STEPS} steps`);
}

/**
 * One sign-in and consent, then the code exchange (client_secret_basic, or client_id alone for a public
 * client; with a DPoP proof when asked). Fails with the trail of requests when a step answers something
 * unexpected.
 */
export async function authorizationCodeFlow(options: FlowOptions): Promise<FlowResult> {
  const { origin, discovery } = options;
  const client = options.client ?? DEMO_CLIENT;
  const { trail, verifier, code } = await walk(options, false);
  const tokenPath = new URL(discovery.token_endpoint).pathname;
  const exchange = () => {
    const form = new URLSearchParams({ grant_type: "authorization_code", code: code as string, redirect_uri: client.redirectUri, code_verifier: verifier });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    if (client.secret) headers.authorization = basicAuthorization(client.id, client.secret);
    else form.set("client_id", client.id);
    if (options.dpop) headers.dpop = options.dpop.proof("POST", discovery.token_endpoint);
    return fetch(`${origin}${tokenPath}`, { method: "POST", headers, body: form.toString(), signal: AbortSignal.timeout(15_000) });
  };
  let response = await exchange();
  let text = await response.text();
  if (options.dpop && response.status === 400 && text.includes("use_dpop_nonce")) {
    // The server asks for its nonce first (RFC 9449 8); the code is not spent by that.
    options.dpop.absorb(Object.fromEntries(response.headers));
    trail.push(`POST ${tokenPath} (authorization_code) → 400 use_dpop_nonce`);
    response = await exchange();
    text = await response.text();
  }
  if (options.dpop) options.dpop.absorb(Object.fromEntries(response.headers));
  trail.push(`POST ${tokenPath} (authorization_code) → ${response.status}`);
  const fail = (problem: string) => new Error(`authorization code flow at ${origin}: ${problem}\n  ${trail.join("\n  ")}`);
  if (response.status !== 200) throw fail(`the code exchange answered ${response.status}: ${text.slice(0, 300)}`);
  const tokens = JSON.parse(text) as TokenResponse;
  if (!tokens.access_token) throw fail(`the code exchange answered no access_token: ${text.slice(0, 300)}`);
  return { tokens, trail };
}

/** Starts an authorization and stops at the sign-in form: what a browser would post to sign in, and its cookies. */
export async function openSignInForm(options: FlowOptions): Promise<FormSubmission> {
  const { signIn, trail } = await walk(options, true);
  if (!signIn) throw new Error(`authorization at ${options.origin} reached the client without a sign-in form:\n  ${trail.join("\n  ")}`);
  return signIn;
}

/** Fills the page's form (sign-in: credentials; consent: the approving button) and says where it posts. */
function submitForm(page: URL, html: string, options: FlowOptions, jar: CookieJar, fail: (problem: string) => never): FormSubmission {
  const forms = parseForms(html).filter((form) => form.method === "post");
  const signIn = forms.find((form) => form.fields.some((field) => field.type === "password"));
  const form = signIn ?? forms.find((form) => form.fields.some((field) => field.type === "hidden")) ?? fail(`no form to post on ${page.pathname}: ${html.slice(0, 300)}`);
  const body = new URLSearchParams();
  for (const field of form.fields) {
    if (field.type === "hidden") body.set(field.name, field.value);
  }
  if (signIn) {
    for (const [name, value] of Object.entries(options.credentials)) body.set(name, value);
  } else {
    const buttons = form.fields.filter((field) => field.type === "submit");
    const approve = buttons.find((button) => (options.approve ?? ["allow", "approve", "accept", "yes", "consent"]).includes(button.value.toLowerCase()));
    if (approve) body.set(approve.name, approve.value);
    else if (buttons.length > 1) fail(`which button approves on ${page.pathname}? ${buttons.map((button) => `${button.name}=${button.value}`).join(", ")}`);
  }
  // The request id also travels in the page's query (ours: /sign-in?request=…); send it if the form has none.
  const request = page.searchParams.get("request");
  if (request && !body.has("request")) body.set("request", request);
  const action = form.action && !form.action.startsWith("javascript:") ? form.action : options.defaultActions?.[page.pathname];
  if (!action) fail(`the form on ${page.pathname} has no action`);
  return { url: new URL(action as string, page), method: "POST", body, cookie: jar.header(), signIn: signIn !== undefined };
}
