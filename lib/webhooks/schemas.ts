import { z } from "zod";
import { CONTROL_CHARACTERS } from "../calendar/schemas.ts";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

/**
 * Webhooks (docs/decisions/0027): the message types, the staff API's bodies, queries and answers. Pure zod,
 * shared by the routes, the OpenAPI document and the staff page.
 */

/** The calendar changes an endpoint may subscribe to, named `<resource>.<event>` as Standard Webhooks suggests. */
export const WEBHOOK_EVENT_TYPES = ["event.created", "event.updated", "event.cancelled", "event.registration_opened"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the test message staff send from the page or the API; every endpoint receives it when asked. */
export const WEBHOOK_PING_TYPE = "webhook.ping";

/** How long a secret replaced by a rotation goes on signing beside the new one (docs/decisions/0027, "Rotating a secret"). */
export const PREVIOUS_SECRET_HOURS = 24;

/** An endpoint whose every attempt has failed for this many days is disabled by its next failure (docs/decisions/0027). */
export const WEBHOOK_FAILING_DAYS = 5;

export const WEBHOOK_ID_PATTERN = /^whep_[a-z0-9]{10}$/;
export const DELIVERY_ID_PATTERN = /^msg_[A-Za-z0-9]{24}$/;

const URL_MESSAGE = "must be an https URL of at most 2000 characters, without a user name, password or fragment";

/**
 * Where messages go: an http(s) URL without credentials or fragment. Whether plain http and private
 * addresses are allowed is the operator's setting, checked by the service (./endpoint-url.ts).
 */
export const webhookUrl = z
  .string({ error: URL_MESSAGE })
  .max(2000, URL_MESSAGE)
  .refine((value) => {
    if (CONTROL_CHARACTERS.test(value) || /\s/.test(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && url.username === "" && url.password === "" && url.hash === "" && !value.includes("#");
    } catch {
      return false;
    }
  }, URL_MESSAGE)
  .meta({ format: "uri", description: "Where messages are POSTed: an https URL (plain http and private or loopback addresses only where the operator allows them)." });

const description = z
  .string({ error: "must be text of at most 200 characters" })
  .trim()
  .max(200, "must be text of at most 200 characters")
  .refine((value) => !CONTROL_CHARACTERS.test(value), "must not contain control characters")
  .meta({ description: "What staff call it, e.g. `Church website`. At most 200 characters." });

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `each must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }), { error: `must be a list of ${WEBHOOK_EVENT_TYPES.join(", ")}` })
  .min(1, "must name at least one message type")
  .refine((types) => new Set(types).size === types.length, { message: "must name each type at most once", when: (payload) => payload.issues.length === 0 })
  .meta({ description: "The message types it receives." });

export const createWebhookBodySchema = z
  .object({
    url: webhookUrl,
    description: description.default(""),
    event_types: eventTypes,
    enabled: z.boolean({ error: "must be true or false" }).default(true),
  })
  .strict()
  .meta({ id: "CreateWebhookBody" });
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    url: webhookUrl.optional(),
    description: description.optional(),
    event_types: eventTypes.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional().meta({ description: "false disables it: nothing new is queued, and what is queued is not sent." }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "must change at least one field")
  .meta({ id: "UpdateWebhookBody" });
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;

export const adminWebhooksQuerySchema = listQuery("AdminWebhooksQuery", {
  sort: ["createdAt", "url"] as const,
  defaultSort: "-createdAt",
  search: "Part of the URL or description.",
  extra: {},
});
export type AdminWebhooksQuery = z.output<typeof adminWebhooksQuerySchema>;

export const webhookDeliveriesQuerySchema = listQuery("WebhookDeliveriesQuery", {
  sort: ["createdAt"] as const,
  defaultSort: "-createdAt",
  search: "Part of the message id or type.",
  extra: {},
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

export const AdminWebhookSchema = z
  .object({
    id: z.string().meta({ description: "`whep_` and 10 characters." }),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.string()),
    enabled: z.boolean(),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
    rotated_at: z.string().meta({ format: "date-time" }).nullable(),
    previous_secret_expires_at: z
      .string()
      .meta({
        format: "date-time",
        description:
          "Until when a secret replaced in the last day still signs: each message carries its signature beside the new secret's (space-separated, as Standard Webhooks allows), so a receiver still holding it keeps accepting messages. Null when none does.",
      })
      .nullable(),
    failing_since: z
      .string()
      .meta({
        format: "date-time",
        description: `When its messages began to fail, none getting through since; null while they get through. After ${WEBHOOK_FAILING_DAYS} days of that, the next failure disables it.`,
      })
      .nullable(),
    auto_disabled_at: z
      .string()
      .meta({
        format: "date-time",
        description: `When it was disabled because every message to it had failed for ${WEBHOOK_FAILING_DAYS} days; null otherwise, and again once staff enable or change it.`,
      })
      .nullable(),
    last_delivery: z
      .object({
        id: z.string(),
        event_type: z.string(),
        created_at: z.string().meta({ format: "date-time" }),
        delivered_at: z.string().meta({ format: "date-time" }).nullable(),
        last_status: z.number().int().nullable(),
      })
      .nullable()
      .meta({ description: "The newest message queued for it, if any." }),
  })
  .meta({ id: "AdminWebhook", description: "A webhook endpoint; never its secret." });
export type AdminWebhook = z.infer<typeof AdminWebhookSchema>;

export const AdminWebhookWithSecretSchema = AdminWebhookSchema.extend({
  secret: z.string().meta({ description: "The signing secret, `whsec_` and the base64 of 32 random bytes: answered this once." }),
}).meta({ id: "AdminWebhookWithSecret" });
export type AdminWebhookWithSecret = z.infer<typeof AdminWebhookWithSecretSchema>;

export const AdminWebhookPageSchema = pageOf(AdminWebhookSchema, "AdminWebhookPage");

export const WebhookDeliverySchema = z
  .object({
    id: z.string().meta({ description: "The message id, sent as `webhook-id`; the same on every attempt and redelivery." }),
    endpoint_id: z.string(),
    event_type: z.string(),
    payload: z.string().meta({ description: "The JSON body exactly as signed and sent." }),
    attempts: z.number().int(),
    last_status: z.number().int().nullable().meta({ description: "The HTTP status of the last attempt, when there was an answer." }),
    last_error: z.string().nullable().meta({ description: "Why the last attempt failed; null after a success." }),
    last_attempt_at: z.string().meta({ format: "date-time" }).nullable(),
    delivered_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    state: z.enum(["pending", "delivered", "failing"]).meta({ description: "`delivered` once an attempt got a 2xx; `failing` after a failed attempt; `pending` before the first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = pageOf(WebhookDeliverySchema, "WebhookDeliveryPage");
