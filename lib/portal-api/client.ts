import type { z } from "zod";
import { fillPath, type BodyInputOf, type Endpoint, type ParamsOf, type SuccessOf } from "../openapi/endpoint.ts";
import { portalConfirmHref, portalSignInHref } from "../portal-auth/paths.ts";
import { CSRF_META_NAME, PORTAL_API_CSRF_HEADER, PORTAL_API_PREFIX } from "./paths.ts";
import { stepUpChallenge } from "./step-up.ts";

/**
 * The browser's only way to the identity API: same-origin calls to the portal relay, which adds the
 * member's access token on the server. Every answer is parsed with the route's own zod schema, so a
 * page never renders a shape it did not expect.
 */

export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    /** The identity error code (`invalid_request`, `conflict`, ...), or `network_error`. */
    readonly code: string,
    /** A sentence for the member, from the API's `error_description`. */
    message: string,
    readonly retryAfterSeconds: number | null = null,
    /**
     * A step-up challenge that a fresh sign-in answers (RFC 9470 with `max_age`): the page offers "Sign in
     * again" (portalConfirmHref) when the call asked for that rather than being sent there at once.
     */
    readonly signInAgain: boolean = false,
  ) {
    super(message);
    this.name = "PortalApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Whether the page is being left (a link followed, a form sent: "Sign out" among them). A call still under way
 * then comes back refused because the member just signed out, and must not send them to sign in instead of
 * where they were going (a fresh-clone run saw "Sign out" land on the sign-in page while the account page's
 * queries were in flight). A page restored from the back/forward cache is not being left any more.
 */
let leavingPage = false;
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => (leavingPage = true));
  window.addEventListener("pageshow", () => (leavingPage = false));
}

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`)?.content ?? "";
}

async function errorOf(response: Response, signInAgain = false): Promise<PortalApiError> {
  const body: unknown = await response.json().catch(() => null);
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.error === "string" ? fields.error : "server_error";
  const description =
    typeof fields.error_description === "string" && fields.error_description
      ? fields.error_description
      : "Something went wrong on our side. Try again in a moment.";
  const retryAfter = Number(response.headers.get("retry-after"));
  return new PortalApiError(response.status, code, description, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, signInAgain);
}

/**
 * Calls `/api/v1/<path>` through the relay and parses the answer with `schema`. Throws PortalApiError
 * for every refusal; a 401 (the session ended, e.g. signed out from another device) also sends the
 * browser to sign in again, and a step-up challenge to "Confirm it's you", coming back here either way.
 * With `stepUp: "offer"` a step-up challenge is only thrown (`signInAgain`), for a page that explains why
 * before it offers the sign-in (a staff member refused an action on a staff account).
 */
export async function portalApi<Schema extends z.ZodType>(
  schema: Schema,
  path: string,
  options: { method?: Method; body?: unknown; stepUp?: "redirect" | "offer" } = {},
): Promise<z.output<Schema>> {
  const method = options.method ?? "GET";
  let response: Response;
  try {
    response = await fetch(`${PORTAL_API_PREFIX}/${path.replace(/^\/+/, "")}`, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        [PORTAL_API_CSRF_HEADER]: csrfToken(),
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new PortalApiError(0, "network_error", "We could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    const here = `${window.location.pathname}${window.location.search}`;
    const stepUp = stepUpChallenge(response.headers.get("www-authenticate"));
    const signInAgain = stepUp?.maxAgeSeconds != null;
    const error = await errorOf(response, signInAgain);
    // A sensitive change after an older sign-in: "Confirm it's you", then back here to try again. A step-up
    // that signing in again cannot satisfy (a missing second factor) is only shown.
    if (leavingPage) {
      // The page is going anyway: the refusal is only thrown.
    } else if (signInAgain) {
      if (options.stepUp !== "offer") window.location.assign(portalConfirmHref(here));
    } else if (response.status === 401 && !stepUp) window.location.assign(portalSignInHref(here));
    throw error;
  }
  return schema.parse(await response.json());
}

/** What a call of an endpoint sends: its path's parameters, its query, its body, as the definition types them. */
export type EndpointCall<E extends Endpoint> = (keyof ParamsOf<E> extends never ? { params?: undefined } : { params: ParamsOf<E> }) &
  (BodyInputOf<E> extends undefined ? { body?: undefined } : { body: BodyInputOf<E> }) & { query?: URLSearchParams | Record<string, string>; stepUp?: "redirect" | "offer" };

/**
 * Calls an endpoint of the identity API through the relay (docs/decisions/0032): its method and path from its
 * definition, its parameters, query and body typed by it, and the answer parsed by its success schema, so a
 * page cannot call the wrong path or read the wrong shape. Refusals as for portalApi.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, call: EndpointCall<E>): Promise<SuccessOf<E>> {
  const schema = endpoint.success.schema;
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} answers no JSON: download it with portalDownload`);
  const filled = fillPath(endpoint.path, (call.params ?? {}) as ParamsOf<E>);
  if (!filled.startsWith("/api/v1/")) throw new Error(`${endpoint.path} is not reached through the portal relay`);
  const query = call.query === undefined ? "" : `?${new URLSearchParams(call.query).toString()}`;
  return portalApi(schema, `${filled.slice("/api/v1/".length)}${query}`, { method: endpoint.method, body: call.body, stepUp: call.stepUp }) as Promise<SuccessOf<E>>;
}

/** The file name a `Content-Disposition: attachment; filename="..."` header gives, or `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const name = header?.match(/filename="([^"\\/]{1,200})"/)?.[1];
  return name ?? fallback;
}

/**
 * Fetches a file from `/api/v1/<path>` through the relay, for the page to save. A plain link cannot do
 * it: every relayed call needs the CSRF header, which only script can add. Refusals as for portalApi.
 */
export async function portalDownload(path: string, fallbackName: string): Promise<{ file: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(`${PORTAL_API_PREFIX}/${path.replace(/^\/+/, "")}`, {
      method: "GET",
      credentials: "same-origin",
      headers: { [PORTAL_API_CSRF_HEADER]: csrfToken() },
    });
  } catch {
    throw new PortalApiError(0, "network_error", "We could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    const error = await errorOf(response);
    const here = `${window.location.pathname}${window.location.search}`;
    const stepUp = stepUpChallenge(response.headers.get("www-authenticate"));
    // A sensitive change after an older sign-in: "Confirm it's you", then back here to try again. A step-up
    // that signing in again cannot satisfy (a missing second factor) is only shown.
    if (stepUp?.maxAgeSeconds != null) window.location.assign(portalConfirmHref(here));
    else if (response.status === 401 && !stepUp) window.location.assign(portalSignInHref(here));
    throw error;
  }
  return { file: await response.blob(), name: attachmentFileName(response.headers.get("content-disposition"), fallbackName) };
}

/** react-query's `retry` for portal calls: a refusal (4xx) will not change on a second try; network and server failures are retried twice. */
export function retryUnlessRefused(failures: number, error: Error): boolean {
  if (error instanceof PortalApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}
