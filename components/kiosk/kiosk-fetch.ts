import type { z } from "zod";
import { PORTAL_API_CSRF_HEADER } from "@/lib/portal-api/paths";
import { kioskProof } from "./kiosk-key";

/**
 * A refusal of the kiosk's own routes or of the kiosk API, with its sentence for the volunteer: the answer's own
 * (`described`, English as the API writes it), else the kiosk's English one, which the screens say in the
 * visit's language instead (kiosk-parts.tsx, errorText and refusalText).
 */
export class KioskError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly described = true,
    /**
     * The answer's `error_description` as the API wrote it, before forVolunteer: what the kiosk looks up among
     * the check-in domain's refusals to say it in the visit's language.
     */
    readonly description = message,
  ) {
    super(message);
  }
}

/**
 * The API's sentence as a volunteer should read it: without the field name it begins with for developers
 * ("security_code: does not match…"), and starting with a capital letter.
 */
const FIELD_SUBJECTS: Record<string, string> = {
  code: "That code",
  member_code: "That code",
  volunteer_code: "That code",
  pickup_tag: "That tag",
  phone: "That number",
  presence: "This check-in",
};

export function forVolunteer(description: string): string {
  const field = /^([a-z_.]+): (.*)$/s.exec(description);
  const sentence = field ? (Object.hasOwn(FIELD_SUBJECTS, field[1]!) ? `${FIELD_SUBJECTS[field[1]!]} ${field[2]}` : field[2]!) : description;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * How far the server's clock is ahead of the tablet's, learnt from an answer's Date header when the server
 * found a proof's time wrong: a tablet whose clock drifted still makes proofs the server accepts.
 */
let clockOffsetMs = 0;

async function send(path: string, csrfToken: string, body: unknown): Promise<Response> {
  const method = body === undefined ? "GET" : "POST";
  // Every call proves the tablet's own key (./kiosk-key.ts): the kiosk cookie works with nothing else.
  const proof = await kioskProof(method, new URL(path, window.location.href), clockOffsetMs);
  return fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      [PORTAL_API_CSRF_HEADER]: csrfToken,
      Accept: "application/json",
      ...(proof ? { DPoP: proof } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A same-origin call of the kiosk page's routes, with its CSRF token and a proof of the tablet's key; the answer parsed by `schema`. */
export async function kioskFetch<Schema extends z.ZodType>(schema: Schema, path: string, csrfToken: string, body?: unknown): Promise<z.output<Schema>> {
  let response: Response;
  try {
    response = await send(path, csrfToken, body);
    const serverTime = Date.parse(response.headers.get("date") ?? "");
    // A proof refused (RFC 9449's challenge), perhaps for its time: once more by the server's clock. Nothing was
    // done with the refused call, and the new proof is a new one (a proof is never sent twice).
    if (response.status === 400 && /\berror="invalid_dpop_proof"/.test(response.headers.get("www-authenticate") ?? "") && Number.isFinite(serverTime)) {
      clockOffsetMs = serverTime - Date.now();
      response = await send(path, csrfToken, body);
    }
  } catch {
    throw new KioskError(0, "network_error", "The kiosk is offline. Check its network and try again.", false);
  }
  const json: unknown = response.status === 204 ? {} : await response.json().catch(() => null);
  if (!response.ok) {
    const fields = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {};
    const described = typeof fields.error_description === "string" && fields.error_description !== "";
    const description = described ? (fields.error_description as string) : "Something went wrong. Try again.";
    throw new KioskError(response.status, typeof fields.error === "string" ? fields.error : "server_error", forVolunteer(description), described, description);
  }
  return schema.parse(json);
}
