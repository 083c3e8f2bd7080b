/**
 * SMS through an HTTP gateway: the one small interface every text goes through, so a provider's own API
 * (Twilio, MessageBird, a carrier's) is one adapter away. The generic gateway takes
 *   POST <url>  Authorization: Bearer <token>  { "to": "+14155550123", "from": "<sender>", "body": "<text>" }
 * and answers 2xx once it has accepted the text. A relay in front of a provider, or the provider itself
 * when it speaks this shape, plugs in without code (docs/decisions/0010-recovery-contacts-and-phone.md).
 */
import { OutboundCallError, postOutbound } from "../outbound/post-outbound.ts";

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  /** Plain text; may hold a one-time code: never log it. */
  body: string;
}

export interface SmsSender {
  /** Resolves once the gateway accepted the text; throws an error that names neither the number nor the text. */
  send(message: SmsMessage): Promise<void>;
}

export interface HttpSmsGatewayConfig {
  url: string;
  token?: string;
  from: string;
  /** Milliseconds before a silent gateway counts as a failure (the outbox retries later). */
  timeoutMs?: number;
  /** OUTBOUND_ALLOW_PRIVATE_ADDRESSES: a gateway on this host or the church's own network. */
  allowPrivate: boolean;
}

export class SmsGatewayError extends Error {
  override name = "SmsGatewayError";
}

/**
 * Every text goes out through lib/outbound/post-outbound.ts, like every other outbound call: never to a
 * private or loopback address unless the operator allows it, never following a redirect, the answer read no
 * further than 64 KiB and never quoted (it may echo the number).
 */
export function httpSmsGateway(config: HttpSmsGatewayConfig, post: typeof postOutbound = postOutbound): SmsSender {
  return {
    async send(message) {
      const headers: Record<string, string> = {};
      if (config.token) headers.authorization = `Bearer ${config.token}`;
      try {
        await post(
          config.url,
          { body: JSON.stringify({ to: message.to, from: config.from, body: message.body }), contentType: "application/json", headers },
          { allowPrivate: config.allowPrivate, timeoutMs: config.timeoutMs ?? 10_000 },
        );
      } catch (error) {
        // post-outbound's words name only what happened (a status, a refused address), never the request.
        if (error instanceof OutboundCallError) throw new SmsGatewayError(`the SMS gateway ${error.message.startsWith("answered") ? error.message : `could not be reached: ${error.message}`}`);
        throw new SmsGatewayError(`the SMS gateway could not be reached (${error instanceof Error ? error.name : "error"})`);
      }
    },
  };
}

/** An alphanumeric sender id is at most 11 characters on most networks. */
export function defaultSmsSender(churchName: string): string {
  return churchName.replace(/[^A-Za-z0-9 ]/g, "").trim().slice(0, 11).trim() || "Church";
}
