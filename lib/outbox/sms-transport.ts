import "server-only";
import { churchDefaults } from "../church-settings/church.ts";
import { env } from "../env.ts";
import { defaultSmsSender, httpSmsGateway, type SmsSender } from "./http-sms-gateway.ts";

/** The process's SMS sender, or null when SMS_GATEWAY_URL is not set (texts then stay in the outbox). */
let sender: SmsSender | null | undefined;

export function smsTransport(): SmsSender | null {
  if (sender === undefined) {
    const config = env();
    sender = config.SMS_GATEWAY_URL
      ? httpSmsGateway({
          url: config.SMS_GATEWAY_URL,
          token: config.SMS_GATEWAY_TOKEN,
          from: config.SMS_FROM ?? defaultSmsSender(churchDefaults().name),
          allowPrivate: config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES,
        })
      : null;
  }
  return sender;
}
