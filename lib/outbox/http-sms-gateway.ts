/**
 * SMS through an HTTP gateway: the one small interface every text goes through, so a provider's own API
 * (Twilio, MessageBird, a carrier's) is one adapter away. The generic gateway takes
 *   POST <url>  Authorization: Bearer <token>  { "to": "+14155550123", "from": "<sender>", "body": "<text>" }
 * and answers 2xx once it has accepted the text. A relay in front of a provider, or the provider itself
 * when it speaks this shape, plugs in without code (docs/decisions/0010-recovery-contacts-and-phone.md).
 */
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
}

export class SmsGatewayError extends Error {
  override name = "SmsGatewayError";
}

export function httpSmsGateway(config: HttpSmsGatewayConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(message) {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (config.token) headers.authorization = `Bearer ${config.token}`;
      let response: Response;
      try {
        response = await fetchImpl(config.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to: message.to, from: config.from, body: message.body }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
          redirect: "error",
        });
      } catch (error) {
        // The cause's own words could quote the request; say only what kind of failure it was.
        throw new SmsGatewayError(`the SMS gateway could not be reached (${error instanceof Error ? error.name : "error"})`);
      }
      // Drain the body so the connection is reused; its text is the gateway's and may echo the number.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsGatewayError(`the SMS gateway answered HTTP ${response.status}`);
    },
  };
}

/** An alphanumeric sender id is at most 11 characters on most networks. */
export function defaultSmsSender(churchName: string): string {
  return churchName.replace(/[^A-Za-z0-9 ]/g, "").trim().slice(0, 11).trim() || "Church";
}
