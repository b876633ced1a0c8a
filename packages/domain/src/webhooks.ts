import { z } from 'zod';
import { ZTimestamp } from './responses';
import { ORDER_ACTIONS } from './orders';
import { RETURN_ACTIONS, SHIPMENT_ACTIONS } from './shipments';
import { PO_ACTIONS, SUPPLY_SHIPMENT_ACTIONS, TRANSFER_ACTIONS } from './supply';

/**
 * Outgoing webhooks (docs/api-webhooks.md). A topic is `<object>.<event>`: the object is a lifecycle
 * subject (the `subject_type` of status events), the event is the lifecycle action of the API (`cancel`,
 * `hold`, `confirm` …), except creation and edits, which are `created` and `updated`. A subscription may
 * also name `<object>.*` (every event of the object) or `*` (everything).
 */
export const WEBHOOK_OBJECT_EVENTS = {
  order: ['created', 'updated', ...ORDER_ACTIONS.filter((a) => a !== 'edit')],
  shipment: ['created', 'updated', ...SHIPMENT_ACTIONS],
  return: ['created', 'updated', ...RETURN_ACTIONS],
  purchase_order: ['created', 'updated', ...PO_ACTIONS.filter((a) => a !== 'edit')],
  transfer: ['created', 'updated', ...TRANSFER_ACTIONS.filter((a) => a !== 'edit')],
  supply_shipment: ['created', 'updated', ...SUPPLY_SHIPMENT_ACTIONS.filter((a) => a !== 'edit')],
} as const satisfies Record<string, readonly string[]>;
export type WebhookObject = keyof typeof WEBHOOK_OBJECT_EVENTS;
export const WEBHOOK_OBJECTS = Object.keys(WEBHOOK_OBJECT_EVENTS) as WebhookObject[];

/** The topic 'send test' delivers; it may also be subscribed to (it then only ever receives tests). */
export const WEBHOOK_TEST_TOPIC = 'webhook.test';
export const WEBHOOK_ALL_TOPICS = '*';

/** Every topic a subscription may name, in a stable order (the web's topic select lists them). */
export const WEBHOOK_TOPICS: readonly string[] = [
  WEBHOOK_ALL_TOPICS,
  ...WEBHOOK_OBJECTS.flatMap((o) => [`${o}.*`, ...WEBHOOK_OBJECT_EVENTS[o].map((e) => `${o}.${e}`)]),
  WEBHOOK_TEST_TOPIC,
];
const TOPIC_SET = new Set(WEBHOOK_TOPICS);

/** The topic a status event publishes: `create` → `created`, `edit` → `updated`, any other action as is. */
export function webhookTopicOf(subjectType: string, action: string): string {
  const event = action === 'create' ? 'created' : action === 'edit' ? 'updated' : action;
  return `${subjectType}.${event}`;
}

/** Whether a subscription's topic receives an event's topic (exact, `<object>.*`, or `*`). */
export function webhookTopicMatches(subscribed: string, topic: string): boolean {
  if (subscribed === WEBHOOK_ALL_TOPICS) return topic !== WEBHOOK_TEST_TOPIC;
  if (subscribed.endsWith('.*')) return topic.startsWith(subscribed.slice(0, -1));
  return subscribed === topic;
}

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_ADDRESS_MAX = 2048;

/**
 * Spec 5 webhook URLs: an absolute http(s) URL without credentials. Whether the host may be loopback or
 * private is the server's call (an operator setting), checked when saving and again when delivering.
 */
export const ZWebhookAddress = z
  .string({ message: 'The address is required' })
  .trim()
  .min(1, 'The address is required')
  .max(WEBHOOK_ADDRESS_MAX, `The address may have at most ${WEBHOOK_ADDRESS_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = webhookAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The human reason an address is not a usable webhook URL, or null (shared by the form and the server). */
export function webhookAddressProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The address must be an absolute URL such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https:// or http://';
  if (!url.hostname) return 'The address must name a host';
  if (url.username || url.password) return 'The address must not contain a user name or password';
  if (/\s/.test(value)) return 'The address must not contain spaces';
  return null;
}

export const ZWebhookTopic = z
  .string({ message: 'The topic is required' })
  .trim()
  .min(1, 'The topic is required')
  .refine((t) => TOPIC_SET.has(t), 'Choose one of the listed topics');

export const ZWebhookCreate = z
  .object({ address: ZWebhookAddress, topic: ZWebhookTopic, active: z.boolean().optional() })
  .strict();
export type TWebhookCreate = z.infer<typeof ZWebhookCreate>;

/** PUT: any of the fields; `active: true` on a disabled webhook enables it again and resets its failures. */
export const ZWebhookUpdate = z
  .object({ address: ZWebhookAddress.optional(), topic: ZWebhookTopic.optional(), active: z.boolean().optional() })
  .strict();
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdate>;

/** What the API answers for a subscription; `secret` only in the answer of create and rotate-secret. */
export const ZWebhook = z.object({
  id: z.string(),
  address: z.string(),
  topic: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  active: z.boolean(),
  consecutive_failures: z.number().int(),
  disabled_at: ZTimestamp.nullable(),
  last_delivery_at: ZTimestamp.nullable(),
  /** The secret's last four characters, so the owner can tell which one a receiver holds. */
  secret_hint: z.string(),
  secret: z.string().optional(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type WebhookView = z.input<typeof ZWebhook>;

/** One delivery of the log; `payload` (the body sent) only when a single delivery is read. */
export const ZWebhookDelivery = z.object({
  id: z.string(),
  subscription_id: z.string(),
  topic: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
  created_at: ZTimestamp,
  next_attempt_at: ZTimestamp.nullable(),
  delivered_at: ZTimestamp.nullable(),
  payload: z.unknown().optional(),
});
export type WebhookDeliveryView = z.input<typeof ZWebhookDelivery>;

/** Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-omnio-signature';
