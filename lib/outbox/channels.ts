/** The outbox's channels. `webhook`: the recipient is the webhook_delivery id (lib/webhooks/queue-webhook.ts), body empty. */
export type OutboxChannel = "email" | "sms" | "backchannel_logout" | "webhook";
