import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks (https://www.standardwebhooks.com, spec "Signature scheme"): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, its HMAC-SHA256 under the secret's bytes (the base64 after
 * `whsec_`), sent base64-encoded as `v1,<signature>` in `webhook-signature`. Pure, so the unit test and the
 * `standardwebhooks` package check the very function the deliverer uses.
 */
export const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (the spec asks for 24 to 64). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a signing secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

/** `v1,<base64 HMAC-SHA256(secret bytes, "id.timestamp.body")>`. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * The three headers of one attempt; `timestamp` in whole seconds since the epoch, taken when the attempt is made.
 * `previousSecrets` (a rotation's grace, docs/decisions/0027) add their signatures after the current one's,
 * space-separated as the spec allows, so a receiver holding any of them verifies the message.
 */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date(), previousSecrets: readonly string[] = []): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = [secret, ...previousSecrets].map((signingSecret) => webhookSignature(signingSecret, id, timestamp, body));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}

/** Whether a `webhook-signature` header holds a valid v1 signature of this message (for our own tests and tools). */
export function hasValidSignature(secret: string, id: string, timestamp: number, body: string, header: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, id, timestamp, body));
  return header.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
