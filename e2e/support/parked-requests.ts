import { createHash, randomBytes } from "node:crypto";
import { sql } from "./database.ts";
import type { OAuthBrowser } from "./oauth-browser.ts";

/**
 * Parks an authorization request straight in the database, as the authorization endpoint would, bound to
 * `browser` (docs/decisions/0018): the browser gets the binding cookie the endpoint would have set
 * (`authorize` over plain HTTP), and the request stores its SHA-256. Another browser cannot continue it.
 */
export async function parkRequestFor(browser: OAuthBrowser, params: Record<string, unknown>): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  let binding = browser.jar.get("authorize");
  if (!binding) {
    binding = randomBytes(32).toString("base64url");
    browser.jar.set("authorize", binding);
  }
  await sql(`INSERT INTO authorization_request (id, params, browser_hash, expires_at) VALUES ($1, $2::jsonb, $3, now() + interval '30 minutes')`, [
    id,
    JSON.stringify(params),
    createHash("sha256").update(binding).digest("base64url"),
  ]);
  return id;
}
