/**
 * A small browser for the authorization server, over plain HTTP: fetch with redirects followed by hand, a
 * cookie jar, and the hidden inputs of our pages' forms sent back as they are. It walks an authorization
 * request through sign-in, the second factor and consent to the client's redirect URI, the way a member's
 * browser would, and tells which pages it went through. No Playwright and no database in here, so the
 * benchmark can use it too; the second-factor code comes from a callback.
 */
import { POSTGRES_BASE_URL } from "./test-env.ts";

/** The demo third-party client the seed registers (lib/demo/seed-identity.ts). */
export const DEMO_APP = {
  id: "demo-app",
  secret: "demo-secret",
  redirectUri: "http://127.0.0.1:8080/callback",
  otherRedirectUri: "http://localhost:8080/callback",
  postLogoutRedirectUri: "http://127.0.0.1:8080/",
} as const;

/** Every seeded account's password. */
export const DEMO_PASSWORD = "demo-password";

/** The cookies one origin has set: names and values; a cookie set with Max-Age=0 or a past Expires is dropped. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", value = ""] = attribute.split("=").map((part) => part.trim());
        return (key.toLowerCase() === "max-age" && Number(value) <= 0) || (key.toLowerCase() === "expires" && Date.parse(value) < Date.now());
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.set(name, value);
    return copy;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (/^#x/i.test(entity)) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function tagAttributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-\w:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (!(name in found)) found[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

/** Every `<input>` of the page, by attributes (name, type, value ...), in document order. */
export function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input\b([^>]*)>/gi)].map((match) => tagAttributes(match[1] ?? ""));
}

/** The hidden inputs of the page, name → value (a framework's own `$ACTION…` fields left out). */
export function hiddenInputs(html: string): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const input of inputs(html)) {
    if (input.type?.toLowerCase() === "hidden" && input.name && !input.name.startsWith("$")) hidden[input.name] = input.value ?? "";
  }
  return hidden;
}

/** The value attribute of the input with this name, or undefined when there is no such input. */
export function inputValue(html: string, name: string): string | undefined {
  const input = inputs(html).find((candidate) => candidate.name === name);
  return input ? (input.value ?? "") : undefined;
}

/** A member at the sign-in form; `secondFactor` answers the code to type when the server asks for one. */
export interface Account {
  email: string;
  password: string;
  secondFactor?: () => Promise<string>;
}

export type InteractionPage = "sign-in" | "second-factor" | "consent";

export interface AuthorizeOptions {
  /** Who signs in when the sign-in page comes up. Without one, the walk stops at the sign-in page. */
  account?: Account;
  /** What to press on the consent page (default allow). */
  consent?: "allow" | "deny";
  /** Pages to stop at instead of filling them in. */
  stopAt?: InteractionPage[];
  /** Post the forms as a browser without JavaScript does (303 answers) instead of in JSON mode. */
  formMode?: boolean;
  /** A client redirect URI on this server (the portal's): reaching it ends the walk, as any other client's does. */
  ownRedirectUri?: string;
}

export interface AuthorizationOutcome {
  /** The client's redirect URI the server finally sent the browser to, with its query; null when it stopped on one of our pages. */
  callback: URL | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
  state: string | null;
  iss: string | null;
  /** Our interaction pages shown on the way, in order: "sign-in", "second-factor", "consent". */
  pages: InteractionPage[];
  /** The page of ours it stopped at, when no callback was reached (an error page, or a page in `stopAt`). */
  stoppedAt: URL | null;
  /** The parked authorization request id, when one was parked (`?request=`). */
  requestId: string | null;
  /** Every request and its answer, for failure messages. */
  trail: string[];
}

const PAGES: Record<string, InteractionPage> = { "/sign-in": "sign-in", "/sign-in/second-factor": "second-factor", "/consent": "consent" };
const FORM_ENDPOINTS: Record<InteractionPage, string> = {
  "sign-in": "/auth/sign-in",
  "second-factor": "/auth/second-factor",
  consent: "/auth/consent",
};
const MAX_STEPS = 20;

export interface RequestInit {
  method?: "GET" | "POST";
  /** A form body (application/x-www-form-urlencoded), sent with this site's Origin as a browser would. */
  form?: Record<string, string> | URLSearchParams;
  headers?: Record<string, string>;
}

export class OAuthBrowser {
  readonly trail: string[] = [];

  constructor(
    readonly baseUrl: string = POSTGRES_BASE_URL,
    readonly jar: CookieJar = new CookieJar(),
  ) {}

  /** A second browser holding the same cookies right now (e.g. a stolen session cookie). */
  clone(): OAuthBrowser {
    return new OAuthBrowser(this.baseUrl, this.jar.clone());
  }

  url(path: string | URL): URL {
    return new URL(path, this.baseUrl);
  }

  /** One request, redirects not followed, cookies sent and kept. */
  async fetch(target: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = this.url(target);
    const method = init.method ?? (init.form ? "POST" : "GET");
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set("cookie", cookie);
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
      if (!headers.has("origin")) headers.set("origin", new URL(this.baseUrl).origin);
    }
    const response = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    this.jar.absorb(response.headers);
    const location = response.headers.get("location");
    this.trail.push(`${method} ${url.pathname}${url.search} → ${response.status}${location ? ` ${location}` : ""}`);
    return response;
  }

  /** Whether a URL is on this server (anything else is a client's redirect URI). */
  isOwn(url: URL): boolean {
    return url.origin === new URL(this.baseUrl).origin;
  }

  /**
   * Follows an authorization request (a URL of /oauth/authorize, or any page of the flow) to the client's
   * redirect URI, signing in, answering the second factor and consenting on the way as told.
   */
  async authorize(start: string | URL, options: AuthorizeOptions = {}): Promise<AuthorizationOutcome> {
    const trailStart = this.trail.length;
    const pages: InteractionPage[] = [];
    let requestId: string | null = null;
    let next = this.url(start);
    const outcome = (callback: URL | null, stoppedAt: URL | null): AuthorizationOutcome => {
      const query = callback?.searchParams;
      return {
        callback,
        code: query?.get("code") ?? null,
        error: query?.get("error") ?? null,
        errorDescription: query?.get("error_description") ?? null,
        state: query?.get("state") ?? null,
        iss: query?.get("iss") ?? null,
        pages,
        stoppedAt,
        requestId,
        trail: this.trail.slice(trailStart),
      };
    };

    for (let step = 0; step < MAX_STEPS; step++) {
      if (!this.isOwn(next) || (options.ownRedirectUri && next.href.startsWith(options.ownRedirectUri))) return outcome(next, null);
      requestId = next.searchParams.get("request") ?? requestId;
      const response = await this.fetch(next);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        next = new URL(location, next);
        continue;
      }
      const page = PAGES[next.pathname];
      if (response.status !== 200 || !page) {
        await response.body?.cancel();
        return outcome(null, next);
      }
      pages.push(page);
      const html = await response.text();
      if (options.stopAt?.includes(page)) return outcome(null, next);
      next = await this.submit(page, html, next, options);
    }
    throw new Error(`the authorization request did not finish in ${MAX_STEPS} steps:\n  ${this.trail.slice(trailStart).join("\n  ")}`);
  }

  /** Fills in one of our pages and posts it; answers where the browser goes next. */
  private async submit(page: InteractionPage, html: string, pageUrl: URL, options: AuthorizeOptions): Promise<URL> {
    const fields: Record<string, string> = { ...hiddenInputs(html) };
    const request = pageUrl.searchParams.get("request");
    if (request && !fields.request) fields.request = request;
    if (page === "sign-in") {
      if (!options.account) throw new Error(`the sign-in page came up but no account was given:\n  ${this.trail.join("\n  ")}`);
      fields.email = options.account.email;
      fields.password = options.account.password;
    } else if (page === "second-factor") {
      if (!options.account?.secondFactor) throw new Error("the second-factor page came up but the account has no second factor");
      fields.code = await options.account.secondFactor();
    } else {
      fields.decision = options.consent ?? "allow";
    }
    return this.post(FORM_ENDPOINTS[page], fields, options.formMode ?? false);
  }

  /**
   * Posts one of our forms and answers where it sends the browser: the JSON answer's `redirect_to`, or
   * the Location of a 303. Anything else is an error carrying the status and body.
   */
  async post(path: string, fields: Record<string, string>, formMode = false): Promise<URL> {
    const response = await this.fetch(path, { form: fields, headers: formMode ? {} : { accept: "application/json" } });
    const location = response.headers.get("location");
    if (formMode && response.status === 303 && location) return this.url(location);
    const text = await response.text();
    if (!formMode && response.status === 200) {
      const redirectTo = (JSON.parse(text) as { redirect_to?: unknown }).redirect_to;
      if (typeof redirectTo === "string") return this.url(redirectTo);
    }
    throw new Error(`POST ${path} answered ${response.status} ${location ?? ""} ${text.slice(0, 500)}\n  ${this.trail.join("\n  ")}`);
  }

  /** Loads a page of ours and answers its status and HTML (the CSRF seed cookie comes with the first one). */
  async page(path: string | URL): Promise<{ status: number; html: string; headers: Headers }> {
    const response = await this.fetch(path);
    return { status: response.status, html: await response.text(), headers: response.headers };
  }

  /**
   * The sign-in form's fields of a parked request, filled in with these credentials, posted in JSON mode:
   * the raw answer, for tests of the sign-in step itself (attempt limits, wrong passwords).
   */
  async postSignIn(requestId: string | null, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
    const { html } = await this.page(requestId ? `/sign-in?request=${encodeURIComponent(requestId)}` : "/sign-in");
    const fields: Record<string, string> = { ...hiddenInputs(html), email, password };
    if (requestId) fields.request = requestId;
    return this.fetch(FORM_ENDPOINTS["sign-in"], { form: fields, headers: { accept: "application/json", ...headers } });
  }
}
